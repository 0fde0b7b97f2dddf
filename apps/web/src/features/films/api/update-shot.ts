import type { FilmDetail, Shot, ShotUpdate } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { ApiError } from "../../../shared/api/api-error.ts";
import { filmKeys } from "./film-keys.ts";

export type ShotChanges = ShotUpdate & { index: number };

/**
 * PUT film//shot/{filmId}: shots' gear, scanner, push/pull, keep flag and exposure, one shot or several under
 * `shots`. The server answers 400 `too-many-kept` over the plan; spec §8 has the screens show a 400 of this call as
 * not-enough-space, whose text says what to do. A 400 that names a field (`bad-request`: an exposure past its limits)
 * is passed on as it is.
 */
export const updateShot = (api: ApiClient, filmId: string, changes: ShotChanges | { shots: ShotChanges[] }) =>
  api<Shot[]>(`/api/film/shot/${encodeURIComponent(filmId)}`, { method: "PUT", json: changes }).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 400 && err.code !== "bad-request")
      throw new ApiError(400, "not-enough-space", err.message, err.fields);
    throw err;
  });

export function useUpdateShot(filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ShotChanges | { shots: ShotChanges[] }) => updateShot(api, filmId, changes),
    onSuccess: (changed) => {
      // The answer holds the saved shots: put them in place at once, then refresh their signed links.
      queryClient.setQueryData<FilmDetail>(filmKeys.detail(filmId), (film) =>
        film
          ? {
              ...film,
              shots: film.shots.map((shot) => {
                const saved = changed.find((c) => c.index === shot.index);
                return saved ? { ...saved, version: shot.version.thumbnail_url ? shot.version : saved.version } : shot;
              }),
            }
          : film,
      );
      return queryClient.invalidateQueries({ queryKey: filmKeys.detail(filmId) });
    },
  });
}
