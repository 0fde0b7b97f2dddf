import type { WebhookDeliveriesPage } from "@latent/domain/lab-webhooks";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { webhookKeys } from "./webhook-keys.ts";

const PAGE = 20;

/** GET lab/webhooks/{id}/deliveries: one page of the log, newest first; `before` opens the next (older) page. */
export const getWebhookDeliveries = (api: ApiClient, id: string, before: string | null) =>
  api<WebhookDeliveriesPage>(
    `/api/lab/webhooks/${encodeURIComponent(id)}/deliveries?limit=${PAGE}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
  );

export const webhookDeliveriesQueryOptions = (api: ApiClient, id: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam }) => getWebhookDeliveries(api, id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });

export function useWebhookDeliveries(id: string) {
  return useInfiniteQuery(webhookDeliveriesQueryOptions(useApiClient(), id));
}
