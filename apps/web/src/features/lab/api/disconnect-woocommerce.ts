import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labKeys } from "./lab-keys.ts";

/** POST integrations/woocommerce/auth/disconnect: forgets the store's credentials. */
export const disconnectWooCommerce = (api: ApiClient) => api<unknown>("/api/integrations/woocommerce/auth/disconnect", { method: "POST" });

export function useDisconnectWooCommerce() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectWooCommerce(api),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labKeys.integrations }),
  });
}
