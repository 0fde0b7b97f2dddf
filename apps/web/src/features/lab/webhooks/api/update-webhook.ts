import type { UpdateWebhookEndpoint, WebhookEndpoint } from "@latent/domain/lab-webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { webhookKeys } from "./webhook-keys.ts";

/** PUT lab/webhooks/{id}: address, note, events, or on/off. */
export const updateWebhook = (api: ApiClient, id: string, body: UpdateWebhookEndpoint) =>
  api<WebhookEndpoint>(`/api/lab/webhooks/${encodeURIComponent(id)}`, { method: "PUT", json: body });

export function useUpdateWebhook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookEndpoint }) => updateWebhook(api, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}
