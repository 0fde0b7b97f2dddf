import type { FilmShare } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { shareLinksKey } from "./list-share-links.ts";

/** POST film/{id}/share?expiration=<minutes>: a public link to the roll that ends at `expires_at`. */
export const shareFilm = (api: ApiClient, id: string, minutes: number) =>
  api<FilmShare>(`/api/film/${encodeURIComponent(id)}/share?expiration=${minutes}`, { method: "POST" });

export function useShareFilm(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => shareFilm(api, id, minutes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(id) }),
  });
}
