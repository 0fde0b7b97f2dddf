import type { Lab } from "@latent/domain/labs";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

export const labsDirectoryKeys = {
  all: ["labs-directory"] as const,
  search: (search: string) => ["labs-directory", search] as const,
};

/** GET labs/?search=: the labs on Latent, by name or location (all of them when the search is empty). */
export const listLabs = (api: ApiClient, search: string) =>
  api<Lab[]>(search === "" ? "/api/labs" : `/api/labs?${new URLSearchParams({ search })}`);

export const labsQueryOptions = (api: ApiClient, search: string) =>
  queryOptions({ queryKey: labsDirectoryKeys.search(search), queryFn: () => listLabs(api, search) });

/** The previous results stay on screen while the next search loads, so the list does not flash empty. */
export function useLabs(search: string) {
  return useQuery({ ...labsQueryOptions(useApiClient(), search), placeholderData: keepPreviousData });
}
