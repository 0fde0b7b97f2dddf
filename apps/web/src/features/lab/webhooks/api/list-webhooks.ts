import type { WebhookEndpoint } from "@latent/domain/lab-webhooks";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { webhookKeys } from "./webhook-keys.ts";

/** GET lab/webhooks: the lab's endpoints with their last delivery (never a secret). */
export const listWebhooks = (api: ApiClient) => api<WebhookEndpoint[]>("/api/lab/webhooks");

export const webhooksQueryOptions = (api: ApiClient) => queryOptions({ queryKey: webhookKeys.endpoints, queryFn: () => listWebhooks(api) });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions(useApiClient()));
}
