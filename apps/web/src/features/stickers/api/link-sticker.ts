import type { Film } from "@latent/domain/films";
import type { LinkStickerBody } from "@latent/domain/stickers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "../../films/api/film-keys.ts";
import { stickerKeys } from "./sticker-keys.ts";

/** What the caller gives: `sticker_hash` is the hash or the short id; `move` defaults to false on the server. */
export type LinkStickerInput = Omit<LinkStickerBody, "move"> & { move?: boolean };

/**
 * PUT film/link: the roll with the sticker. 404 `sticker-not-found` / `film-not-found`; 409
 * `sticker-linked-elsewhere` or `film-has-sticker` unless `move` is true.
 */
export const linkSticker = (api: ApiClient, body: LinkStickerInput) => api<Film>("/api/film/link", { method: "PUT", json: body });

export function useLinkSticker() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkStickerInput) => linkSticker(api, body),
    // A move also changes the roll the sticker left, so every roll and sticker is fetched again, not just this one.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.all }),
        queryClient.invalidateQueries({ queryKey: stickerKeys.all }),
      ]),
  });
}
