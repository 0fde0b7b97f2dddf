import type { FilmStock } from "@latent/domain/static-data";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";

/** GET static/film-metadata: the film stock catalogue (brand, model, ISO, process, formats). */
export const getFilmStocks = (api: ApiClient) => api<FilmStock[]>("/api/static/film-metadata");

export const filmStocksQueryOptions = (api: ApiClient) =>
  // The catalogue changes with a release, not while the app runs.
  queryOptions({ queryKey: ["static", "film-metadata"], queryFn: () => getFilmStocks(api), staleTime: Number.POSITIVE_INFINITY });

export function useFilmStocks() {
  return useQuery(filmStocksQueryOptions(useApiClient()));
}
