import type { FilmShare, ShareSettings } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { shareLinksKey } from "./list-share-links.ts";

/**
 * POST film/{id}/share with the link's settings (password, downloads, guests' answers, a preset end or a date): a
 * public link to the roll that ends at `expires_at`. 403 `share-expiry-needs-plan` for "never" or past 30 days on the free plan.
 */
export const shareFilm = (api: ApiClient, id: string, settings: ShareSettings) =>
  api<FilmShare>(`/api/film/${encodeURIComponent(id)}/share`, { method: "POST", json: settings });

export function useShareFilm(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShareSettings) => shareFilm(api, id, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(id) }),
  });
}
