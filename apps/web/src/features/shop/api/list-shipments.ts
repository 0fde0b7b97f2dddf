import type { Shipment } from "@latent/domain/shop";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

export const SHIPMENTS_QUERY_KEY = ["shipping"] as const;

/** GET shipping/: the caller's shipments, newest first. */
export const listShipments = (api: ApiClient) => api<Shipment[]>("/api/shipping");

export const shipmentsQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: [...SHIPMENTS_QUERY_KEY, "list"], queryFn: () => listShipments(api) });

export function useShipments() {
  return useQuery(shipmentsQueryOptions(useApiClient()));
}
