import type { Sticker, StickerStatus } from "@latent/domain/stickers";
import { STICKER_HASH_PATTERN } from "@latent/domain/stickers";
import { ApiError } from "../../shared/api/api-error.ts";

/** A query as far as the decision cares: its answer, or the failure (both absent while it is loading). */
export interface QueryState<T> {
  data?: T;
  error?: unknown;
}

export interface StickerPageInput {
  /** The route's `:sticker_hash`. */
  hash: string;
  /** null while the session is being checked. */
  signedIn: boolean | null;
  /** GET stickers/{hash} (public). */
  status: QueryState<StickerStatus>;
  /** GET stickers/{hash}/mine; not asked (left empty) for a visitor. */
  mine: QueryState<Sticker>;
}

/** What the sticker page shows. */
export type StickerPageState =
  | { kind: "loading" }
  /** Not a Latent sticker: an unknown or malformed hash. */
  | { kind: "not-found" }
  /** Someone else's, or the visitor is not signed in: nothing about the roll may show, not even whether there is one. */
  | { kind: "foreign" }
  | { kind: "go-to-roll"; filmId: string }
  /** The owner's and linked to no roll yet: pick one. */
  | { kind: "pick"; sticker: Sticker }
  /** The check itself failed (network, server): worth another try. */
  | { kind: "failed"; error: unknown };

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
/** Not the caller's: /mine answers 404 for a sticker of another account; 401/403 mean no session that could own it. */
const isNotMine = (error: unknown) => error instanceof ApiError && [401, 403, 404].includes(error.status);

/** Whether /mine is worth asking: only for a signed-in user and a well-formed hash. */
export const asksMine = (hash: string, signedIn: boolean | null) => signedIn === true && STICKER_HASH_PATTERN.test(hash);

/** The sticker page's decision (spec §2 `/sticker/{hash}`), from the route, the session and the two answers. */
export function stickerPageState({ hash, signedIn, status, mine }: StickerPageInput): StickerPageState {
  if (!STICKER_HASH_PATTERN.test(hash)) return { kind: "not-found" };
  if (status.error !== undefined && status.error !== null)
    return isNotFound(status.error) ? { kind: "not-found" } : { kind: "failed", error: status.error };
  if (!status.data) return { kind: "loading" };
  if (!status.data.exists) return { kind: "not-found" };
  if (signedIn === null) return { kind: "loading" };
  if (!signedIn) return { kind: "foreign" };
  if (mine.error !== undefined && mine.error !== null)
    return isNotMine(mine.error) ? { kind: "foreign" } : { kind: "failed", error: mine.error };
  if (!mine.data) return { kind: "loading" };
  return mine.data.film_id ? { kind: "go-to-roll", filmId: mine.data.film_id } : { kind: "pick", sticker: mine.data };
}
