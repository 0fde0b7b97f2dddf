import type { RollSearchPage, RollSort, ShotSearchPage } from "@latent/domain/roll-search";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../../shared/api/api-client.ts";
import { useApiClient } from "../../../../shared/api/api-client-context.tsx";
import { filmKeys } from "../../api/film-keys.ts";
import { type Filters, searchQuery } from "../archive-filters.ts";
import { nextPageParam } from "../keyset-pages.ts";

const path = (base: string, query: string) => (query ? `${base}?${query}` : base);

/** GET film/search: one page of the caller's rolls matching the words and filters, in the sort asked. */
export const searchFilms = (api: ApiClient, filters: Filters<string>, sort: RollSort, after: string | null) =>
  api<RollSearchPage>(path("/api/film/search", searchQuery(filters, { sort, after })));

/** GET shots/search: one page of the caller's frames, newest taken first. */
export const searchShots = (api: ApiClient, filters: Filters<string>, after: string | null) =>
  api<ShotSearchPage>(path("/api/shots/search", searchQuery(filters, { after })));

// Under the rolls' lists: a roll created, edited or stepped fetches the searches again.
export const rollSearchOptions = (api: ApiClient, filters: Filters<string>, sort: RollSort) =>
  infiniteQueryOptions({
    queryKey: [...filmKeys.lists, "search", filters, sort] as const,
    queryFn: ({ pageParam }) => searchFilms(api, filters, sort, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });

export const shotSearchOptions = (api: ApiClient, filters: Filters<string>) =>
  infiniteQueryOptions({
    queryKey: [...filmKeys.lists, "shots", filters] as const,
    queryFn: ({ pageParam }) => searchShots(api, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });

/** The rolls matching, page by page; while a new search loads, the previous results stay on screen. */
export function useRollSearch(filters: Filters<string>, sort: RollSort, enabled: boolean) {
  return useInfiniteQuery({ ...rollSearchOptions(useApiClient(), filters, sort), placeholderData: keepPreviousData, enabled });
}

export function useShotSearch(filters: Filters<string>, enabled: boolean) {
  return useInfiniteQuery({ ...shotSearchOptions(useApiClient(), filters), placeholderData: keepPreviousData, enabled });
}
