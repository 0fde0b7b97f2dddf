import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { shareLinksKey } from "./list-share-links.ts";

/** DELETE film/{id}/shares/{shareId} (204): the link stops at once, with every link to the roll's files it handed out. */
export const revokeShareLink = (api: ApiClient, filmId: string, shareId: string) =>
  api<void>(`/api/film/${encodeURIComponent(filmId)}/shares/${encodeURIComponent(shareId)}`, { method: "DELETE" });

export function useRevokeShareLink(filmId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => revokeShareLink(api, filmId, shareId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(filmId) }),
  });
}
