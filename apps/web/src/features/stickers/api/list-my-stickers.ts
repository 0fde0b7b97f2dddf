import type { Sticker } from "@latent/domain/stickers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { useApiClient } from "../../../shared/api/api-client-context.tsx";
import { stickerKeys } from "./sticker-keys.ts";

/** GET stickers/: the caller's stickers, linked or not. */
export const listMyStickers = (api: ApiClient) => api<Sticker[]>("/api/stickers");

export const myStickersQueryOptions = (api: ApiClient) => queryOptions({ queryKey: stickerKeys.list, queryFn: () => listMyStickers(api) });

export function useMyStickers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myStickersQueryOptions(useApiClient()), enabled: options.enabled ?? true });
}
