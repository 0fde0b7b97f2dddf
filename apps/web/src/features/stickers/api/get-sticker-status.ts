import type { StickerStatus } from "@latent/domain/stickers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type ApiClient, createApiClient, NO_TOKENS } from "../../../shared/api/api-client.ts";
import { stickerKeys } from "./sticker-keys.ts";

/** GET stickers/{hashOrShortId} (public, no token): whether the sticker exists and is linked, nothing more. */
export const getStickerStatus = (api: ApiClient, ref: string) => api<StickerStatus>(`/api/stickers/${encodeURIComponent(ref)}`);

export const stickerStatusQueryOptions = (api: ApiClient, ref: string) =>
  queryOptions({ queryKey: stickerKeys.status(ref), queryFn: () => getStickerStatus(api, ref), retry: false });

/**
 * Anyone may ask, so it is asked without the session's token: a visitor's call must not count as a refused
 * session (a 401 from the session client sends the app to its "sign in again" page).
 */
export function useStickerStatus(ref: string, enabled: boolean) {
  const api = useMemo(() => createApiClient(NO_TOKENS), []);
  return useQuery({ ...stickerStatusQueryOptions(api, ref), enabled });
}
