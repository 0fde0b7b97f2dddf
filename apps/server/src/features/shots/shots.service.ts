import type { Shot, ShotUpdate } from "@latent/domain/films";
import { hasRoomFor, planOf } from "@latent/domain/plans";
import type { Kysely, Selectable } from "kysely";
import type { Database, ShotsTable } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import type { UrlSigner } from "../../platform/http/url-signer.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { ownsGear } from "../films/films.store.ts";
import { findUser } from "../users/users.store.ts";
import { countKept, deleteShotRow, findShotByIndex, listShotRows, updateShotRow } from "./shots.store.ts";

const MEDIA_LINK_TTL_S = 15 * 60;

export interface ShotsDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  signer: UrlSigner;
  bus: EventBus;
}

export type ShotRow = Selectable<ShotsTable>;

export function createShotsService({ db, store, signer, bus }: ShotsDeps) {
  const link = (key: string | null, ttl = MEDIA_LINK_TTL_S) => (key ? signer.sign(`/media/${key}`, Math.min(ttl, MEDIA_LINK_TTL_S)) : null);

  /** `ttl` shortens the links (a share link that ends sooner must not outlive itself through them). */
  const toShot = (row: ShotRow, ttl = MEDIA_LINK_TTL_S): Shot => ({
    id: row.id,
    index: row.index,
    state: row.state,
    error_message: row.error_message,
    version: {
      url: row.state === "done" ? link(row.object_key, ttl) : null,
      thumbnail_url: link(row.thumb_key, ttl),
      preview_url: link(row.preview_key, ttl),
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
  });

  /** Removes a shot's files and any unfinished upload. */
  const discard = async (row: ShotRow) => {
    const uploads = await db
      .selectFrom("uploads")
      .select(["object_key", "store_upload_id"])
      .where("shot_id", "=", row.id)
      .where("completed_at", "is", null)
      .execute();
    for (const u of uploads) await store.abortMultipart(u.object_key, u.store_upload_id);
    for (const key of [row.object_key, row.thumb_key, row.preview_key]) if (key) await store.delete(key);
  };

  return {
    toShot,
    discard,

    async listForFilm(filmId: string, ttl = MEDIA_LINK_TTL_S) {
      return (await listShotRows(db, filmId)).map((row) => toShot(row, ttl));
    },

    /** Applies shot edits (gear, scanner, push/pull, keep); keeping more than the plan allows is refused. */
    async update(userId: string, filmId: string, updates: (ShotUpdate & { index: number })[]) {
      const rows: ShotRow[] = [];
      for (const u of updates) {
        const row = await findShotByIndex(db, userId, filmId, u.index);
        if (!row) throw notFound();
        if (u.camera_id && !(await ownsGear(db, "cameras", userId, u.camera_id))) {
          throw new AppError(400, "bad-request", "camera_id: no such camera", { camera_id: "no such camera" });
        }
        if (u.lens_id && !(await ownsGear(db, "lenses", userId, u.lens_id))) {
          throw new AppError(400, "bad-request", "lens_id: no such lens", { lens_id: "no such lens" });
        }
        rows.push(row);
      }
      const newlyKept = updates.filter((u, i) => u.kept === true && !rows[i]!.kept).length;
      if (newlyKept > 0) {
        const user = await findUser(db, userId);
        const limit = planOf(user?.plan).maxKeptShots;
        if (!hasRoomFor((await countKept(db, userId)) + newlyKept - 1, limit)) throw new AppError(400, "too-many-kept");
      }
      const changed: Shot[] = [];
      for (const [i, u] of updates.entries()) {
        const { index: _index, ...values } = u;
        const row = await updateShotRow(db, rows[i]!.id, values);
        if (row) changed.push(toShot(row));
      }
      return changed;
    },

    /** Deletes one shot (cancelling its upload if it is still uploading). */
    async remove(userId: string, filmId: string, index: number) {
      const row = await findShotByIndex(db, userId, filmId, index);
      if (!row) throw notFound();
      await discard(row);
      await deleteShotRow(db, row.id);
      bus.publish(filmId, { type: "shot-deleted", film_id: filmId, index });
    },

    /** Before a roll is deleted: abort its unfinished multipart uploads (their parts are not under the prefix on S3). */
    async abortUploadsOfFilm(filmId: string) {
      const uploads = await db
        .selectFrom("uploads")
        .innerJoin("shots", "shots.id", "uploads.shot_id")
        .select(["uploads.object_key", "uploads.store_upload_id"])
        .where("shots.film_id", "=", filmId)
        .where("uploads.completed_at", "is", null)
        .execute();
      for (const u of uploads) await store.abortMultipart(u.object_key, u.store_upload_id);
    },

    /** Tells listeners of the film about a shot's new state. */
    announce(row: ShotRow) {
      bus.publish(row.film_id, {
        type: "shot",
        film_id: row.film_id,
        index: row.index,
        state: row.state,
        error_message: row.error_message,
        thumbnail_url: link(row.thumb_key),
      });
    },
  };
}

export type ShotsService = ReturnType<typeof createShotsService>;
