import type { Film } from "@latent/domain/films";
import type { UnlinkStickerBody } from "@latent/domain/stickers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { filmKeys } from "../../films/api/film-keys.ts";
import { stickerKeys } from "./sticker-keys.ts";

/** PUT film/unlink: the roll, now with `sticker_hash: null` (404 `film-not-found` for a roll that is not the user's). */
export const unlinkSticker = (api: ApiClient, body: UnlinkStickerBody) => api<Film>("/api/film/unlink", { method: "PUT", json: body });

export function useUnlinkSticker() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnlinkStickerBody) => unlinkSticker(api, body),
    onSuccess: (film) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filmKeys.detail(film.id) }),
        queryClient.invalidateQueries({ queryKey: filmKeys.lists }),
        queryClient.invalidateQueries({ queryKey: stickerKeys.all }),
      ]),
  });
}
