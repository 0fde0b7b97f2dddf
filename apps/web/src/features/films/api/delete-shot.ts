import type { FilmDetail } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "./film-keys.ts";

/** DELETE film/shot/{filmId}/{index} (204); also cancels an upload in progress. 404 `not-found` once it is gone. */
export const deleteShot = (api: ApiClient, filmId: string, index: number) =>
  api<void>(`/api/film/shot/${encodeURIComponent(filmId)}/${index}`, { method: "DELETE" });

export function useDeleteShot(filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (index: number) => deleteShot(api, filmId, index),
    onSuccess: (_void, index) => {
      queryClient.setQueryData<FilmDetail>(filmKeys.detail(filmId), (film) =>
        film
          ? {
              ...film,
              shots: film.shots.filter((s) => s.index !== index),
              // Only finished shots are counted (a failed or unfinished one never was).
              shot_count: film.shot_count - (film.shots.some((s) => s.index === index && s.state === "done") ? 1 : 0),
            }
          : film,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.detail(filmId) }),
        queryClient.invalidateQueries({ queryKey: filmKeys.lists }),
      ]);
    },
  });
}
