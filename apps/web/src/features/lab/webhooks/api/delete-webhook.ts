import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { webhookKeys } from "./webhook-keys.ts";

/** DELETE lab/webhooks/{id}: the endpoint and its delivery log. */
export const deleteWebhook = (api: ApiClient, id: string) => api<void>(`/api/lab/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteWebhook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook(api, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}
