import type { IntegrationSecret } from "@latent/domain/integrations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labKeys } from "./lab-keys.ts";

/** POST integrations/secret: a new secret, answered once; the previous one stops working. */
export const createIntegrationSecret = (api: ApiClient) => api<IntegrationSecret>("/api/integrations/secret", { method: "POST" });

export function useCreateIntegrationSecret() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createIntegrationSecret(api),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labKeys.integrations }),
  });
}
