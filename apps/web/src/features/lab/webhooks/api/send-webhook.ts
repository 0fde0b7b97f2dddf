import type { WebhookDelivery } from "@latent/domain/lab-webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { webhookKeys } from "./webhook-keys.ts";

/** The receiver may take up to 15 s to answer, and the server waits for it: a little more than that here. */
const SEND_TIMEOUT_MS = 30_000;

/** POST lab/webhooks/{id}/test: a webhook.test event to this endpoint, answered after its first attempt. */
export const sendWebhookTest = (api: ApiClient, id: string) =>
  api<WebhookDelivery>(`/api/lab/webhooks/${encodeURIComponent(id)}/test`, { method: "POST", timeoutMs: SEND_TIMEOUT_MS });

/** POST lab/webhooks/{id}/deliveries/{deliveryId}/resend: the same event again, answered after its first attempt. */
export const resendWebhookDelivery = (api: ApiClient, id: string, deliveryId: string) =>
  api<WebhookDelivery>(`/api/lab/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, {
    method: "POST",
    timeoutMs: SEND_TIMEOUT_MS,
  });

/** Sends a test event or resends a delivery; the endpoint's log and the list's last delivery follow. */
export function useSendWebhook(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string | null) => (deliveryId ? resendWebhookDelivery(api, id, deliveryId) : sendWebhookTest(api, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
