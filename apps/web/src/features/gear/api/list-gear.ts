import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { type GearKind, type GearOf, gearQueryKey } from "./gear-kind.ts";

/** GET cameras / GET lenses: the user's gear of one kind. */
export const listGear = <K extends GearKind>(api: ApiClient, kind: K) => api<GearOf[K][]>(`/api/${kind}`);

export const gearListQueryOptions = <K extends GearKind>(api: ApiClient, kind: K) =>
  queryOptions({ queryKey: gearQueryKey(kind), queryFn: () => listGear(api, kind) });

export function useGearList<K extends GearKind>(kind: K) {
  return useQuery(gearListQueryOptions(useApiClient(), kind));
}
