import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labApiKeysKey } from "./lab-api-keys-key.ts";

/** DELETE lab/api-keys/{id}: the key is refused from its next request on. */
export const revokeLabApiKey = (api: ApiClient, id: string) =>
  api<void>(`/api/lab/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useRevokeLabApiKey() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeLabApiKey(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: labApiKeysKey }),
  });
}
