import type { MyLab } from "@latent/domain/labs";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { labKeys } from "./lab-keys.ts";

/** GET labs/{labId} for the lab itself (its id is its user id): the profile and its orders counted by status; 404 `lab-not-found`. */
export const getMyLab = (api: ApiClient, labId: string) => api<MyLab>(`/api/labs/${encodeURIComponent(labId)}`);

export const myLabQueryOptions = (api: ApiClient, labId: string) =>
  queryOptions({ queryKey: labKeys.lab(labId), queryFn: () => getMyLab(api, labId) });

export function useMyLab(labId: string) {
  return useQuery(myLabQueryOptions(useApiClient(), labId));
}
