import type { PublicFilm } from "@latent/domain/films";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { needsPassword, ShareLinkError, shareLinkClient } from "../../../shared/api/share-link-client.ts";

/** Shot links last 15 minutes at most (less when the share ends sooner): fetch well before. */
const LINK_REFRESH_MS = 5 * 60_000;

/**
 * GET public/film with the share code: the shared roll and its shots. `refresh`: the open page fetching it again
 * (fresh links, new shots), which the owner's count of openings leaves out.
 */
export const getPublicFilm = (code: string, options: { refresh?: boolean } = {}) =>
  shareLinkClient(code)<PublicFilm>(`/api/public/film${options.refresh ? "?refresh=1" : ""}`);

export const publicFilmQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ["public-film", code],
    queryFn: ({ client, queryKey }) => getPublicFilm(code, { refresh: client.getQueryData(queryKey) !== undefined }),
    refetchInterval: LINK_REFRESH_MS,
    // An expired link stays expired; a locked one waits for its password.
    retry: (failures, error) => !(error instanceof ShareLinkError || needsPassword(error)) && failures < 2,
  });

export function usePublicFilm(code: string) {
  return useQuery({ ...publicFilmQueryOptions(code), enabled: code !== "" });
}
