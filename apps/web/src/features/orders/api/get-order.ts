import type { Order } from "@latent/domain/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys, orderPath } from "./order-keys.ts";

/** GET orders/{id}: one order with its rolls; 404 `order-not-found`. */
export const getOrder = (api: ApiClient, id: string) => api<Order>(orderPath(id));

export const orderQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: () => getOrder(api, id) });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(useApiClient(), id));
}
