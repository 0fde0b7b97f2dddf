import { ownerFeedId, SHOT_ERROR_MESSAGES, type Shot, type ShotErrorCode, type ShotUpdate } from "@latent/domain/films";
import { exposureOf } from "@latent/domain/frame-exposure";
import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database, ShotsTable } from "../../platform/db/schema.ts";
import { createHook } from "../../platform/hooks/hook.ts";
import { notFound } from "../../platform/http/app-error.ts";
import type { LinkScope, UrlSigner } from "../../platform/http/url-signer.ts";
import type { EventBus, FilmEvent } from "../../platform/realtime/event-bus.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import {
  countKept,
  deleteShotRow,
  deleteUploadingShotRow,
  failUploadingShotRow,
  filmSummaryRows,
  filmsUsage,
  findShotById,
  findShotByIndex,
  insertShotRow,
  listDoneShotFiles,
  listDoneShotImages,
  listShotFileKeys,
  listShotRows,
  listShotRowsOfFilms,
  listShotsOfUser,
  listUnkeptShotsOldestFirst,
  moveShotRows,
  type SHOWN_SHOT_COLUMNS,
  shotIdsOfFilm,
  shotRowsAsJson,
  shotSummaryColumns,
  storageUsed,
  transferShotRows,
  updateShotRow,
} from "./shots.store.ts";

/** How long a signed scan link lives; shorter under a share link that ends sooner. */
const MEDIA_LINK_TTL_S = 15 * 60;

export interface ShotsDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  signer: UrlSigner;
  bus: EventBus;
  entitlements: EntitlementsService;
  gear: Pick<GearService, "assertOwned">;
}

export type ShotRow = Selectable<ShotsTable>;

export function createShotsService({ db, store, signer, bus, entitlements, gear }: ShotsDeps) {
  entitlements.registerMeter("kept", countKept);
  // An upload in progress already holds its space: every state counts.
  entitlements.registerMeter("storage", storageUsed);
  /** Runs before a shot's files go: the uploads feature cancels an unfinished upload of it. */
  const beforeDiscard = createHook<ShotRow>();
  /** Runs once a scan is processed, with the device its EXIF names: the films feature fills a roll's empty scanner. */
  const scanned = createHook<{ shot: ShotRow; scanner: string | null }>();
  /** Runs once a scan is done (its row says so): the roll-life feature marks a roll scanned after its last one. */
  const processed = createHook<ShotRow>();

  const link = (key: string | null, scope: LinkScope = { ttlS: MEDIA_LINK_TTL_S }) =>
    key ? signer.sign(`/media/${key}`, { ...scope, ttlS: Math.min(scope.ttlS, MEDIA_LINK_TTL_S) }) : null;

  /**
   * `scope` shortens the links (a share link that ends sooner must not outlive itself through them) and hands them
   * out under its grant (revoking the share link stops them).
   */
  const toShot = (row: Pick<ShotRow, (typeof SHOWN_SHOT_COLUMNS)[number]>, scope?: LinkScope): Shot => ({
    id: row.id,
    index: row.index,
    state: row.state,
    error_message: row.error_message,
    error_code: row.error_code,
    version: {
      url: row.state === "done" ? link(row.object_key, scope) : null,
      thumbnail_url: link(row.thumb_key, scope),
      preview_url: link(row.preview_key, scope),
      format: row.content_type,
    },
    size: row.size === null ? null : Number(row.size),
    width: row.width,
    height: row.height,
    camera_id: row.camera_id,
    lens_id: row.lens_id,
    scanner: row.scanner,
    push_pull: row.push_pull,
    kept: row.kept,
    file_name: row.file_name,
    exposure: exposureOf(row),
  });

  /** Removes a shot's files and any unfinished upload. */
  const discard = async (row: ShotRow) => {
    await beforeDiscard.run(row);
    for (const key of [row.object_key, row.thumb_key, row.preview_key]) if (key) await store.delete(key);
  };

  /** Tells listeners of the film, and of its owner's feed, about a shot's new state. */
  const announce = (row: ShotRow) => {
    const event: FilmEvent = {
      type: "shot",
      film_id: row.film_id,
      index: row.index,
      state: row.state,
      error_message: row.error_message,
      error_code: row.error_code,
      thumbnail_url: link(row.thumb_key),
    };
    bus.publish(row.film_id, event);
    bus.publish(ownerFeedId(row.user_id), event);
  };
  const announceDeleted = (row: Pick<ShotRow, "film_id" | "user_id" | "index">) => {
    const event: FilmEvent = { type: "shot-deleted", film_id: row.film_id, index: row.index };
    bus.publish(row.film_id, event);
    bus.publish(ownerFeedId(row.user_id), event);
  };

  /** Applies changes to a shot and announces its new state. */
  const change = async (id: string, values: Updateable<ShotsTable>, tx: Db = db) => {
    const row = await updateShotRow(tx, id, values);
    if (row) announce(row);
    return row;
  };

  return {
    toShot,
    /**
     * The shots' SQL a roll's statements embed (a roll's page and the lists in one statement, decision 0051): the
     * shots' table stays this feature's, read through these pieces only.
     */
    rollSql: { rowsAsJson: shotRowsAsJson, summaryColumns: shotSummaryColumns },
    /** A signed link to one of a roll's stored files (a cover, say), with the lifetime every scan link has. */
    mediaLink: (key: string) => link(key)!,
    beforeDiscard,
    scanned,
    processed,
    announce,
    change,

    async listForFilm(filmId: string, scope?: LinkScope) {
      return (await listShotRows(db, filmId)).map((row) => toShot(row, scope));
    },

    /** The shots of several rolls (an order list's), read in one query: by roll id, each in index order. */
    async listForFilms(filmIds: readonly string[], scope?: LinkScope) {
      const byFilm = new Map<string, Shot[]>();
      for (const row of await listShotRowsOfFilms(db, filmIds)) {
        const list = byFilm.get(row.film_id) ?? [];
        list.push(toShot(row, scope));
        byFilm.set(row.film_id, list);
      }
      return byFilm;
    },

    /** Applies shot edits (gear, scanner, push/pull, keep); keeping more than the plan allows is refused. */
    async update(userId: string, filmId: string, updates: (ShotUpdate & { index: number })[]) {
      const rows: ShotRow[] = [];
      for (const u of updates) {
        const row = await findShotByIndex(db, userId, filmId, u.index);
        if (!row) throw notFound();
        await gear.assertOwned(userId, u, "bad-request");
        rows.push(row);
      }
      const newlyKept = updates.filter((u, i) => u.kept === true && !rows[i]!.kept).length;
      return db.transaction().execute(async (tx) => {
        await entitlements.assertRoom(tx, userId, "kept", newlyKept);
        const changed: Shot[] = [];
        for (const [i, u] of updates.entries()) {
          const { index: _index, exposure, ...values } = u;
          const row = await updateShotRow(tx, rows[i]!.id, { ...values, ...exposure });
          if (row) changed.push(toShot(row));
        }
        return changed;
      });
    },

    /** Deletes one shot (cancelling its upload if it is still uploading). */
    async remove(userId: string, filmId: string, index: number) {
      const row = await findShotByIndex(db, userId, filmId, index);
      if (!row) throw notFound();
      await discard(row);
      await deleteShotRow(db, row.id);
      announceDeleted(row);
    },

    /** Records the image type the scan's first bytes showed (no new state to announce). */
    async recordType(id: string, contentType: string) {
      await updateShotRow(db, id, { content_type: contentType });
    },

    /** The shot at an index of a caller's roll, if any. */
    findByIndex(userId: string, filmId: string, index: number) {
      return findShotByIndex(db, userId, filmId, index);
    },

    /** Replaces whatever a shot index held: the old shot's files and upload go, its row too. */
    async replace(row: ShotRow) {
      await discard(row);
      await deleteShotRow(db, row.id);
    },

    /** Records a new shot (its upload starting), inside the caller's transaction. */
    create(tx: Db, shot: Insertable<ShotsTable>) {
      return insertShotRow(tx, shot);
    },

    /**
     * Deletes the user's unkept shots, oldest upload first, until at least `bytes` are freed (or none is left), with
     * their stored files (scan, preview, thumbnail) and any unfinished upload. Kept shots are never touched.
     */
    async removeOldestUnkept(userId: string, bytes: number) {
      const removed: { film_id: string; index: number; size: number; created_at: Date }[] = [];
      let freed = 0;
      for (const row of await listUnkeptShotsOldestFirst(db, userId)) {
        if (freed >= bytes) break;
        await discard(row);
        await deleteShotRow(db, row.id);
        announceDeleted(row);
        const size = Number(row.size);
        freed += size;
        removed.push({ film_id: row.film_id, index: row.index, size, created_at: row.created_at });
      }
      return { freed, removed };
    },

    /**
     * Deletes every shot of the user, kept ones too, with their stored files and any unfinished upload (an inactive
     * account past its due date, spec §4); the rolls themselves stay. Answers what was deleted.
     */
    async removeAllOfUser(userId: string) {
      const removed: { film_id: string; index: number; size: number }[] = [];
      for (const row of await listShotsOfUser(db, userId)) {
        await discard(row);
        await deleteShotRow(db, row.id);
        announceDeleted(row);
        removed.push({ film_id: row.film_id, index: row.index, size: Number(row.size ?? 0) });
      }
      return removed;
    },

    /** Finished-shot count and cover thumbnail key of each roll (rolls without shots are absent). */
    async summaries(filmIds: readonly string[]) {
      const rows = await filmSummaryRows(db, filmIds);
      return new Map(rows.map((r) => [r.film_id, { count: Number(r.shot_count), coverKey: r.cover_key }]));
    },

    /** Moves a roll's shots to another owner, inside the caller's transaction. */
    transfer: (tx: Db, filmId: string, toUserId: string) => transferShotRows(tx, filmId, toUserId),

    /** Moves a roll's shots into another owner's roll, inside the caller's transaction (a lab's copy joining its customer's roll). */
    moveInto: (tx: Db, fromFilmId: string, toFilmId: string, toUserId: string) => moveShotRows(tx, fromFilmId, toFilmId, toUserId),

    /** Every file key of a roll's shots, wherever they are stored (a moved shot's stay under its first roll). */
    fileKeys: (filmId: string) => listShotFileKeys(db, filmId),

    /** Bytes and kept shots of some rolls (what adding them to an account would use). */
    usageOfFilms: (filmIds: readonly string[], tx: Db = db) => filmsUsage(tx, filmIds),

    doneFiles(filmId: string) {
      return listDoneShotFiles(db, filmId);
    },

    /** The preview and thumbnail keys of a roll's finished frames, in frame order (its contact sheet). */
    doneImages(filmId: string) {
      return listDoneShotImages(db, filmId);
    },

    /** The ids of a roll's shots (inside the caller's transaction, if any). */
    idsOfFilm(filmId: string, tx: Db = db) {
      return shotIdsOfFilm(tx, filmId);
    },

    /** A shot by id (an upload knows its shot, not its roll or index). */
    findById(id: string) {
      return findShotById(db, id);
    },

    /**
     * Fails a shot whose upload went wrong (stalled, not an image, not joinable), unless it moved on meanwhile:
     * its code is what the web app translates, its message the English text. Answers whether it failed.
     */
    async failUpload(id: string, code: ShotErrorCode) {
      const row = await failUploadingShotRow(db, id, code, SHOT_ERROR_MESSAGES[code]);
      if (row) announce(row);
      return row !== undefined;
    },

    /** Drops the shot of an abandoned upload, unless it finished meanwhile. */
    removeIfUploading(shotId: string) {
      return deleteUploadingShotRow(db, shotId);
    },
  };
}

export type ShotsService = ReturnType<typeof createShotsService>;
