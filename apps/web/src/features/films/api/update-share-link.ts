import type { ShareLink, ShareSettings } from "@latent/domain/films";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { shareLinksKey } from "./list-share-links.ts";

/**
 * PUT film/{id}/shares/{shareId}: changes a link's settings, not its code; a changed or removed password ends earlier
 * unlocks, downloads turned off stop the links already handed out. 409 `share-link-revoked`, 403 `share-expiry-needs-plan`.
 */
export const updateShareLink = (api: ApiClient, filmId: string, shareId: string, settings: ShareSettings) =>
  api<ShareLink>(`/api/film/${encodeURIComponent(filmId)}/shares/${encodeURIComponent(shareId)}`, { method: "PUT", json: settings });

export function useUpdateShareLink(filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, settings }: { shareId: string; settings: ShareSettings }) => updateShareLink(api, filmId, shareId, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(filmId) }),
  });
}
