import type { FilmDetail } from "@latent/domain/films";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ShareLinkError, shareLinkClient } from "./share-link-client.ts";

/** Shot links last 15 minutes at most (less when the share ends sooner): fetch well before. */
const LINK_REFRESH_MS = 5 * 60_000;

/** GET public/film with the share code: the shared roll and its shots. */
export const getPublicFilm = (code: string) => shareLinkClient(code)<FilmDetail>("/api/public/film");

export const publicFilmQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["public-film", code],
    queryFn: () => getPublicFilm(code),
    refetchInterval: LINK_REFRESH_MS,
    // An expired link stays expired.
    retry: (failures, error) => !(error instanceof ShareLinkError) && failures < 2,
  });

export function usePublicFilm(code: string) {
  return useQuery({ ...publicFilmQueryOptions(code), enabled: code !== "" });
}
