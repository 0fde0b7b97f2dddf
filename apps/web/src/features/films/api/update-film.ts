import type { FilmDetail, UpdateFilm } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "./film-keys.ts";

/** PUT film/{id} with the changed fields (422 `invalid-new-film` when not valid). */
export const updateFilm = (api: ApiClient, id: string, changes: UpdateFilm) =>
  api<FilmDetail>(`/api/film/${encodeURIComponent(id)}`, { method: "PUT", json: changes });

export function useUpdateFilm() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateFilm }) => updateFilm(api, id, changes),
    onSuccess: (film) => {
      queryClient.setQueryData(filmKeys.detail(film.id), film);
      return queryClient.invalidateQueries({ queryKey: filmKeys.lists });
    },
  });
}
