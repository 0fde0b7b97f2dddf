import type { Film, ListFilmsQuery } from "@latent/domain/films";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "./film-keys.ts";

/** GET film/?search=&format=&process=&year=: the user's rolls, newest first. */
export function listFilms(api: ApiClient, query: ListFilmsQuery): Promise<Film[]> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(key, String(value));
  const search = params.toString();
  return api<Film[]>(search ? `/api/film?${search}` : "/api/film");
}

export const filmsQueryOptions = (api: ApiClient, query: ListFilmsQuery) =>
  queryOptions({ queryKey: filmKeys.list(query), queryFn: () => listFilms(api, query) });

/** The rolls matching the filters; while new filters load, the previous result stays on screen. */
export function useFilms(query: ListFilmsQuery) {
  return useQuery({ ...filmsQueryOptions(useApiClient(), query), placeholderData: keepPreviousData });
}
