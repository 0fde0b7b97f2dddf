import type { WebhookSecret } from "@latent/domain/lab-webhooks";
import { useMutation } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";

/** POST lab/webhooks/{id}/secret: a new signing secret, answered once; the old one signs nothing more. */
export const rotateWebhookSecret = (api: ApiClient, id: string) =>
  api<WebhookSecret>(`/api/lab/webhooks/${encodeURIComponent(id)}/secret`, { method: "POST" });

export function useRotateWebhookSecret() {
  const api = useApiClient();
  return useMutation({ mutationFn: (id: string) => rotateWebhookSecret(api, id) });
}
