import type { MySubscription, SubscriptionStatus } from "@latent/domain/purchases";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";

export const MY_SUBSCRIPTIONS_QUERY_KEY = ["purchases", "my-subscriptions"] as const;

/**
 * GET purchases/my-subscriptions?status=: the caller's subscriptions. 'No subscriptions found' (404, spec §8) means
 * none, so it reads as an empty list.
 */
export async function listMySubscriptions(api: ApiClient, status?: SubscriptionStatus): Promise<MySubscription[]> {
  try {
    return await api<MySubscription[]>(`/api/purchases/my-subscriptions${status ? `?status=${status}` : ""}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export const mySubscriptionsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: MY_SUBSCRIPTIONS_QUERY_KEY, queryFn: () => listMySubscriptions(api) });

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQueryOptions(useApiClient()));
}
