import type { ListOrdersQuery, Order } from "@latent/domain/orders";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys } from "./order-keys.ts";

/** GET orders?status=&search=: the lab's orders, newest first. */
export function listOrders(api: ApiClient, query: ListOrdersQuery) {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.search) params.set("search", query.search);
  const search = params.toString();
  return api<Order[]>(`/api/orders${search ? `?${search}` : ""}`);
}

export const ordersQueryOptions = (api: ApiClient, query: ListOrdersQuery) =>
  queryOptions({ queryKey: orderKeys.list(query), queryFn: () => listOrders(api, query), placeholderData: keepPreviousData });

export function useOrders(query: ListOrdersQuery) {
  return useQuery(ordersQueryOptions(useApiClient(), query));
}
