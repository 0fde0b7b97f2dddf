import type { ListOrdersQuery, Order } from "@latent/domain/orders";
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys } from "./order-keys.ts";

/** The `after` of a `Link: <…?after=…>; rel="next"` header; null on the last page. */
export function nextCursor(link: string | null): string | null {
  const target = link?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1];
  return target ? new URL(target, "http://server").searchParams.get("after") : null;
}

/** GET orders?status=&search=&limit=&after=: one page of the lab's orders, newest first, and the next page's cursor. */
export async function listOrdersPage(api: ApiClient, query: ListOrdersQuery) {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.search) params.set("search", query.search);
  if (query.limit) params.set("limit", String(query.limit));
  if (query.after) params.set("after", query.after);
  const search = params.toString();
  let next: string | null = null;
  const orders = await api<Order[]>(`/api/orders${search ? `?${search}` : ""}`, {
    onHeaders: (headers) => {
      next = nextCursor(headers.get("link"));
    },
  });
  return { orders, next };
}

/** The first page of the lab's orders (the newest 50, unless `limit` says otherwise). */
export const listOrders = async (api: ApiClient, query: ListOrdersQuery) => (await listOrdersPage(api, query)).orders;

export const ordersQueryOptions = (api: ApiClient, query: ListOrdersQuery) =>
  queryOptions({ queryKey: orderKeys.list(query), queryFn: () => listOrders(api, query), placeholderData: keepPreviousData });

/** The newest orders only (the phone companion's list). */
export function useOrders(query: ListOrdersQuery) {
  return useQuery(ordersQueryOptions(useApiClient(), query));
}

export const orderPagesQueryOptions = (api: ApiClient, query: Omit<ListOrdersQuery, "after">) =>
  infiniteQueryOptions({
    queryKey: orderKeys.pages(query),
    queryFn: ({ pageParam }) => listOrdersPage(api, { ...query, ...(pageParam ? { after: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    placeholderData: keepPreviousData,
  });

/** The lab's orders a page at a time: the orders screen loads the next page when asked. */
export function useOrderPages(query: Omit<ListOrdersQuery, "after">) {
  return useInfiniteQuery(orderPagesQueryOptions(useApiClient(), query));
}
