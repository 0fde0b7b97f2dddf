import type { FilmDetail } from "@latent/domain/films";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "./film-keys.ts";

/** Shot links are signed for 15 minutes: refetching well before keeps every thumbnail loadable. */
const LINK_REFRESH_MS = 10 * 60_000;
/** While the server still has shots uploading or being processed, and the realtime feed may be down. */
const PROCESSING_POLL_MS = 5_000;

/** GET film/{id}: one roll with its shots (404 `not-found` for a roll that is not the user's). */
export const getFilm = (api: ApiClient, id: string) => api<FilmDetail>(`/api/film/${encodeURIComponent(id)}`);

export const filmQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: filmKeys.detail(id),
    queryFn: () => getFilm(api, id),
    refetchInterval: (query) =>
      query.state.data?.shots.some((s) => s.state === "pending" || s.state === "uploading") ? PROCESSING_POLL_MS : LINK_REFRESH_MS,
  });

export function useFilm(id: string) {
  return useQuery(filmQueryOptions(useApiClient(), id));
}
