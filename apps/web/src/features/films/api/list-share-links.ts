import type { ShareLink } from "@latent/domain/films";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "./film-keys.ts";

/** Query key of a roll's share links (apart from the roll's own, so refreshing the roll does not refetch them). */
export const shareLinksKey = (filmId: string) => [...filmKeys.all, "shares", filmId] as const;

/** GET film/{id}/shares: the roll's share links, newest first (404 `not-found` for a roll that is not the user's). */
export const listShareLinks = (api: ApiClient, filmId: string) => api<ShareLink[]>(`/api/film/${encodeURIComponent(filmId)}/shares`);

// Openings happen elsewhere at any time: the list is fetched again each time it is shown.
export const shareLinksQueryOptions = (api: ApiClient, filmId: string) =>
  queryOptions({ queryKey: shareLinksKey(filmId), queryFn: () => listShareLinks(api, filmId), staleTime: 0 });

export function useShareLinks(filmId: string, options: { enabled: boolean }) {
  return useQuery({ ...shareLinksQueryOptions(useApiClient(), filmId), enabled: options.enabled });
}
