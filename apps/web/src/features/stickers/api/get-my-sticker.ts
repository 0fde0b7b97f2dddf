import type { Sticker } from "@latent/domain/stickers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { stickerKeys } from "./sticker-keys.ts";

/** GET stickers/{hash}/mine: one of the caller's stickers (404 `sticker-not-found` when it is not theirs). */
export const getMySticker = (api: ApiClient, hash: string) => api<Sticker>(`/api/stickers/${encodeURIComponent(hash)}/mine`);

export const myStickerQueryOptions = (api: ApiClient, hash: string) =>
  queryOptions({ queryKey: stickerKeys.mine(hash), queryFn: () => getMySticker(api, hash), retry: false });

/** Only for a signed-in user: asked without a session, the 401 would read as an expired session. */
export function useMySticker(hash: string, enabled: boolean) {
  return useQuery({ ...myStickerQueryOptions(useApiClient(), hash), enabled });
}
