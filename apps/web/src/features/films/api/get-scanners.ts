import type { Scanner } from "@latent/domain/static-data";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** GET static/scanners: scanner models to choose from (a scanner may also be typed freely). */
export const getScanners = (api: ApiClient) => api<Scanner[]>("/api/static/scanners");

export const scannersQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: ["static", "scanners"], queryFn: () => getScanners(api), staleTime: Number.POSITIVE_INFINITY });

export function useScanners() {
  return useQuery(scannersQueryOptions(useApiClient()));
}
