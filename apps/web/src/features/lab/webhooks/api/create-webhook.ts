import type { NewWebhookEndpoint, NewWebhookEndpointResult } from "@latent/domain/lab-webhooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { webhookKeys } from "./webhook-keys.ts";

/** POST lab/webhooks: the new endpoint with its secret, answered this once. */
export const createWebhook = (api: ApiClient, body: NewWebhookEndpoint) =>
  api<NewWebhookEndpointResult>("/api/lab/webhooks", { method: "POST", json: body });

export function useCreateWebhook() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWebhookEndpoint) => createWebhook(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}
