import type { Sticker, StickerStatus } from "@latent/domain/stickers";
import { ApiError } from "../../../shared/api/api-error.ts";

/** What a scanned or typed sticker leads to on the phone. */
export type ScanOutcome =
  /** The user's own sticker on one of their rolls: that roll opens at once. */
  | { kind: "open-roll"; filmId: string }
  /** The user's own sticker on no roll yet: offer to link it. */
  | { kind: "link"; sticker: Sticker }
  /** A Latent sticker of another account: nothing about it may show. */
  | { kind: "foreign" }
  /** Not a Latent sticker (unknown hash or short id). */
  | { kind: "unknown" };

export interface StickerLookups {
  /** GET stickers/{ref} (public): whether it exists. */
  status: (ref: string) => Promise<StickerStatus>;
  /** GET stickers/{ref}/mine: the caller's sticker, 404 for anyone else's. */
  mine: (ref: string) => Promise<Sticker>;
}

const isStatus = (err: unknown, ...statuses: number[]) => err instanceof ApiError && statuses.includes(err.status);

/**
 * Looks a sticker up by its hash or short id: unknown, another account's, or the user's, linked or not. A failure
 * that says nothing about the sticker (no network, a server error) is thrown, to be told as such and tried again.
 */
export async function scanOutcome(ref: string, lookups: StickerLookups): Promise<ScanOutcome> {
  let status: StickerStatus;
  try {
    status = await lookups.status(ref);
  } catch (err) {
    if (isStatus(err, 404)) return { kind: "unknown" };
    throw err;
  }
  if (!status.exists) return { kind: "unknown" };
  let sticker: Sticker;
  try {
    sticker = await lookups.mine(ref);
  } catch (err) {
    // Not the caller's: /mine answers 404 for another account's sticker, as for a missing one.
    if (isStatus(err, 403, 404)) return { kind: "foreign" };
    throw err;
  }
  return sticker.film_id ? { kind: "open-roll", filmId: sticker.film_id } : { kind: "link", sticker };
}
