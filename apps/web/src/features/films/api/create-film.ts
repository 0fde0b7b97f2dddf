import type { FilmDetail, NewFilm, NewFilmSchema } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";
import { USER_QUERY_KEY } from "../../user/api/get-user.ts";
import { filmKeys } from "./film-keys.ts";

export type NewFilmBody = z.input<typeof NewFilmSchema>;

/**
 * POST film/ (201). 422 `invalid-new-film` (with fields), `privacy-policy-required` or `films-capacity-reached`.
 */
export const createFilm = (api: ApiClient, film: NewFilmBody | NewFilm) => api<FilmDetail>("/api/film", { method: "POST", json: film });

export function useCreateFilm() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (film: NewFilmBody) => createFilm(api, film),
    // The user's usage counts rolls against the plan: refresh it with the lists.
    onSuccess: (film) => {
      queryClient.setQueryData(filmKeys.detail(film.id), film);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.lists }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]);
    },
    // Refused at the limit (another tab took the last place): the usage shown is stale, so "New roll" gets disabled.
    onError: (err) => {
      if (err instanceof ApiError && err.code === "films-capacity-reached")
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}
