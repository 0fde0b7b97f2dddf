import type { Shipment } from "@latent/domain/shop";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";
import { POLL_ATTEMPTS, POLL_INTERVAL_MS } from "../checkout-return.ts";
import { SHIPMENTS_QUERY_KEY } from "./list-shipments.ts";

export const shipmentQueryKey = (id: string) => [...SHIPMENTS_QUERY_KEY, "one", id] as const;

/** GET shipping/{id}: one of the caller's shipments; 404 `shipment-not-found` for any other id. */
export const getShipment = (api: ApiClient, id: string) => api<Shipment>(`/api/shipping/${encodeURIComponent(id)}`);

/**
 * One shipment; with `polling` (back from a paid checkout) it is asked again 3 s apart, 10 times at most, while
 * still `created`: the provider's webhook marks it paid a few seconds after the payment (spec §7).
 */
export const shipmentQueryOptions = (api: ApiClient, id: string, polling = false) =>
  queryOptions({
    queryKey: shipmentQueryKey(id),
    queryFn: () => getShipment(api, id),
    // A missing shipment stays missing: asking again only delays the "not found" state.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    refetchInterval: (query) =>
      polling && query.state.data?.status === "created" && query.state.dataUpdateCount < POLL_ATTEMPTS ? POLL_INTERVAL_MS : false,
  });

export function useShipment(id: string, polling = false) {
  return useQuery(shipmentQueryOptions(useApiClient(), id, polling));
}
