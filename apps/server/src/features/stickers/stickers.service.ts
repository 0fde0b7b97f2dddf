import { randomBytes } from "node:crypto";
import type { FilmDetail } from "@latent/domain/films";
import {
  type LinkStickerBody,
  normalizeShortId,
  STICKER_HASH_PATTERN,
  type Sticker,
  type StickerStatus,
  shortIdFromBytes,
} from "@latent/domain/stickers";
import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../../platform/db/db-errors.ts";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database, StickersTable } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { SheetPaper } from "./sticker-sheet.ts";
import { findSticker, insertStickers, listStickers, shipmentStickerPositions } from "./stickers.store.ts";

export interface StickersDeps {
  db: Kysely<Database>;
  films: Pick<FilmsService, "load" | "loadLocked" | "get" | "filmOfSticker" | "stickeredFilms" | "setSticker">;
  publicUrl: string;
}

/**
 * Stickers (spec §1, §3, §7): minted when a shipment is paid, owned by the buyer, linked to at most one of the
 * owner's rolls (a roll carries at most one). Anyone may ask whether a sticker exists and is linked; only its owner
 * learns which roll it opens.
 */
export function createStickersService({ db, films, publicUrl }: StickersDeps) {
  /** A hash (what the QR holds) or a typed short id; undefined for anything that is neither. */
  async function resolve(ref: string, tx: Db = db) {
    if (STICKER_HASH_PATTERN.test(ref)) return findSticker(tx, { hash: ref });
    const shortId = normalizeShortId(ref);
    return shortId ? findSticker(tx, { shortId }) : undefined;
  }

  async function own(userId: string, ref: string, tx: Db = db) {
    const sticker = await resolve(ref, tx);
    // Another user's sticker reads as an unknown one: its owner and roll stay private.
    if (!sticker || sticker.user_id !== userId) throw new AppError("sticker-not-found");
    return sticker;
  }

  const toSticker = (row: Selectable<StickersTable>, film: { id: string; name: string } | undefined): Sticker => ({
    sticker_hash: row.hash,
    short_id: row.short_id,
    film_id: film?.id ?? null,
    film_name: film?.name ?? null,
    shipment_id: row.shipment_id,
    created_at: new Date(row.created_at).toISOString(),
  });

  return {
    /** The sticker a typed short id or a hash names (its hash and short id, nothing of its owner); undefined for none. */
    async find(ref: string): Promise<{ hash: string; short_id: string } | undefined> {
      const sticker = await resolve(ref);
      return sticker ? { hash: sticker.hash, short_id: sticker.short_id } : undefined;
    },

    /** The stickers service's public answer (GET {hash}): whether it exists and is linked, nothing more. */
    async status(ref: string): Promise<StickerStatus> {
      const sticker = await resolve(ref);
      if (!sticker) return { exists: false, linked: false };
      return { exists: true, linked: Boolean(await films.filmOfSticker(sticker.hash)) };
    },

    /** One of the caller's stickers with the roll it opens; 404 for any other. */
    async mine(userId: string, ref: string): Promise<Sticker> {
      const sticker = await own(userId, ref);
      const film = await films.filmOfSticker(sticker.hash);
      return toSticker(sticker, film && film.user_id === userId ? film : undefined);
    },

    /** The caller's stickers, newest shipment first. */
    async list(userId: string): Promise<Sticker[]> {
      const [rows, rolls] = await Promise.all([listStickers(db, userId), films.stickeredFilms(userId)]);
      const bySticker = new Map(rolls.map((f) => [f.sticker_hash, f]));
      return rows.map((row) => toSticker(row, bySticker.get(row.hash)));
    },

    /**
     * PUT film/link: puts the caller's sticker on the caller's roll. A sticker already on another roll, or a roll
     * with another sticker, is a 409 that names the conflict unless `move` says to go ahead; both happen in one
     * transaction, and a race with another link ends in the same 409 through the unique index.
     */
    async link(userId: string, body: LinkStickerBody): Promise<FilmDetail> {
      await db
        .transaction()
        .execute(async (tx) => {
          const sticker = await own(userId, body.sticker_hash, tx);
          const film = await films.loadLocked(userId, body.film_id, tx).catch(() => {
            throw new AppError("film-not-found");
          });
          if (film.sticker_hash === sticker.hash) return;
          const current = await films.filmOfSticker(sticker.hash, tx);
          if (!body.move && current) throw new AppError("sticker-linked-elsewhere");
          if (!body.move && film.sticker_hash) throw new AppError("film-has-sticker");
          if (current) await films.setSticker(tx, userId, current.id, null);
          await films.setSticker(tx, userId, film.id, sticker.hash);
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new AppError("sticker-linked-elsewhere");
          throw err;
        });
      return films.get(userId, body.film_id);
    },

    /** PUT film/unlink: the roll keeps its scans and loses its sticker, which can be linked again. */
    async unlink(userId: string, filmId: string): Promise<FilmDetail> {
      await films.load(userId, filmId).catch(() => {
        throw new AppError("film-not-found");
      });
      await films.setSticker(db, userId, filmId, null);
      return films.get(userId, filmId);
    },

    /**
     * Makes a paid shipment's stickers inside the payment's transaction, once: a replayed payment finds them made.
     * Hashes carry 128 bits from the CSPRNG; a short id that happens to be taken is drawn again.
     */
    async mint(tx: Db, userId: string, shipmentId: string, count: number) {
      // A row skipped for a taken short id leaves its position empty: the next draw fills exactly the empty ones, so
      // every position from 0 to count - 1 is held once and the sheet's order is defined.
      let held = new Set(await shipmentStickerPositions(tx, shipmentId));
      while (held.size < count) {
        const rows = Array.from({ length: count }, (_, position) => position)
          .filter((position) => !held.has(position))
          .map((position) => ({
            hash: randomBytes(16).toString("base64url"),
            short_id: shortIdFromBytes(randomBytes(8)),
            user_id: userId,
            shipment_id: shipmentId,
            position,
          }));
        await insertStickers(tx, rows);
        held = new Set(await shipmentStickerPositions(tx, shipmentId));
      }
    },

    /** The printable sheet of a shipment's stickers (PDF), for its owner; null when none are made yet. */
    async sheet(userId: string, shipmentId: string, paper: SheetPaper): Promise<Buffer | null> {
      const rows = await listStickers(db, userId, shipmentId);
      if (rows.length === 0) return null;
      // PDFKit and the QR encoder load with the first sheet: most servers never print one (decision 0029).
      const { renderStickerSheet } = await import("./sticker-sheet.ts");
      return renderStickerSheet({ stickers: rows.map((r) => ({ hash: r.hash, shortId: r.short_id })), publicUrl, paper });
    },
  };
}

export type StickersService = ReturnType<typeof createStickersService>;
