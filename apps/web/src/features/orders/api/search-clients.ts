import type { Client } from "@latent/domain/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { orderKeys } from "./order-keys.ts";

/** GET orders/clients?q=: the lab's earlier customers, or that an account has exactly that email. */
export const searchClients = (api: ApiClient, q: string) => api<Client[]>(`/api/orders/clients?q=${encodeURIComponent(q)}`);

export const clientsQueryOptions = (api: ApiClient, q: string) =>
  queryOptions({ queryKey: orderKeys.clients(q), queryFn: () => searchClients(api, q), staleTime: 60_000 });

/** Asks only once something is typed (the caller debounces). */
export function useClientSearch(q: string) {
  const query = q.trim();
  return useQuery({ ...clientsQueryOptions(useApiClient(), query), enabled: query.length > 0 });
}
