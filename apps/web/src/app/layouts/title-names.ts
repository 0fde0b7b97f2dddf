import type { Params } from "react-router";
import { useSearchParams } from "react-router";
import { useFilm } from "../../features/films/api/get-film.ts";
import { filmTitle } from "../../features/films/components/film-texts.ts";
import { usePublicFilm } from "../../features/public-film/api/get-public-film.ts";

// Names of the pages titled by their data (route handles' `useName`): the same queries as their screens, so no
// request of their own.

/** The roll of `/u/films/{filmId}`, by its name (or stock). */
export function useRollName(params: Params) {
  const film = useFilm(params.filmId ?? "");
  return film.data ? filmTitle(film.data) : null;
}

/** The shared roll of `/film?code=`, by its name (or stock). */
export function useSharedRollName() {
  const [search] = useSearchParams();
  const film = usePublicFilm(search.get("code")?.trim() ?? "");
  return film.data && !film.isError ? filmTitle(film.data) : null;
}
