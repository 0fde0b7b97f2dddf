import { type Insertable, sql } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { UploadsTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";

export function insertUpload(db: Db, upload: Insertable<UploadsTable>) {
  return db.insertInto("uploads").values(upload).returning("id").executeTakeFirstOrThrow();
}

/** The caller's upload; an id that cannot exist is answered like a foreign one. */
export function findUpload(db: Db, userId: string, uploadId: string) {
  if (!isUuid(uploadId)) return Promise.resolve(undefined);
  return db.selectFrom("uploads").selectAll().where("id", "=", uploadId).where("user_id", "=", userId).executeTakeFirst();
}

/** Marks the upload finished; only the first caller gets the row back, so exactly one completes it. */
export function finishUpload(db: Db, uploadId: string) {
  return db
    .updateTable("uploads")
    .set({ completed_at: new Date() })
    .where("id", "=", uploadId)
    .where("completed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends an unfinished upload that failed (not an image, stalled) and answers its row; only the first caller gets it,
 * and a completion that won first leaves nothing to end. Its parts go with it.
 */
export function endUnfinishedUpload(db: Db, uploadId: string) {
  return db.deleteFrom("uploads").where("id", "=", uploadId).where("completed_at", "is", null).returningAll().executeTakeFirst();
}

/**
 * The caller's unfinished upload, noted as having news (a part starting) in the same statement; undefined when it is
 * not theirs or already finished (findUpload tells which).
 */
export function touchOpenUpload(db: Db, userId: string, uploadId: string) {
  if (!isUuid(uploadId)) return Promise.resolve(undefined);
  return db
    .updateTable("uploads")
    .set({ active_at: new Date() })
    .where("id", "=", uploadId)
    .where("user_id", "=", userId)
    .where("completed_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Unfinished uploads without news since `before` (their last news at `before` included: silent for the whole stale
 * time): each is ended here, and answered once, to the one caller that ended it.
 */
export function endStalledUploads(db: Db, before: Date) {
  return db
    .deleteFrom("uploads")
    .where("completed_at", "is", null)
    .where("active_at", "<=", before)
    .returning(["id", "shot_id", "object_key", "store_upload_id"])
    .execute();
}

/** A user's unfinished uploads of the given shots, oldest first. */
export function listUnfinishedUploads(db: Db, userId: string, shotIds: readonly string[]) {
  if (shotIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("uploads")
    .selectAll()
    .where("user_id", "=", userId)
    .where("shot_id", "in", shotIds)
    .where("completed_at", "is", null)
    .orderBy("created_at")
    .execute();
}

export function listParts(db: Db, uploadId: string) {
  return db.selectFrom("upload_parts").select(["part_number", "etag"]).where("upload_id", "=", uploadId).orderBy("part_number").execute();
}

/**
 * Records a stored part (a re-sent part replaces the first), which is news of its upload, and answers how many parts
 * have arrived, in one statement. The count is kept on the upload's row: the statement's update of that row waits
 * for any other part of the upload being recorded and then adds to what that one left, so two last parts arriving
 * together count each other (counting the part rows in the statement's snapshot would miss the other one).
 */
export async function recordPart(db: Db, part: { upload_id: string; part_number: number; etag: string; size: number }) {
  const row = await db
    .with("part", (qb) =>
      qb
        .insertInto("upload_parts")
        .values(part)
        .onConflict((oc) => oc.columns(["upload_id", "part_number"]).doUpdateSet({ etag: part.etag, size: part.size }))
        // xmax is 0 on a row this statement inserted, set on one it replaced: only a new part adds to the count.
        .returning(sql<boolean>`xmax = 0`.as("added")),
    )
    .updateTable("uploads")
    .set({
      active_at: new Date(),
      parts_received: sql<number>`parts_received + (select count(*) from part where added)::int`,
    })
    .where("id", "=", part.upload_id)
    .returning("parts_received")
    .executeTakeFirst();
  return row?.parts_received ?? 0;
}

/** Forgets a part whose new version failed to arrive (the store may no longer hold the earlier one). */
export function forgetPart(db: Db, uploadId: string, partNumber: number) {
  return db
    .with("gone", (qb) =>
      qb.deleteFrom("upload_parts").where("upload_id", "=", uploadId).where("part_number", "=", partNumber).returning("part_number"),
    )
    .updateTable("uploads")
    .set({ parts_received: sql<number>`parts_received - (select count(*) from gone)::int` })
    .where("id", "=", uploadId)
    .execute();
}

/**
 * Ends the unfinished uploads of the given shots and answers them (to abort in the store before the shots go): the
 * row goes first, so a chunk the store refuses meanwhile finds its upload gone rather than failing unexplained.
 */
export function endUnfinishedUploadsOfShots(db: Db, shotIds: readonly string[]) {
  if (shotIds.length === 0) return Promise.resolve([]);
  return db
    .deleteFrom("uploads")
    .where("shot_id", "in", shotIds)
    .where("completed_at", "is", null)
    .returning(["id", "object_key", "store_upload_id"])
    .execute();
}

/**
 * Records the store's upload of an upload row created before it (with an empty id); answers false when the row
 * was ended meanwhile (its shot replaced or deleted, its roll removed), so the caller aborts what it created.
 */
export async function attachStoreUpload(db: Db, uploadId: string, storeUploadId: string) {
  const row = await db
    .updateTable("uploads")
    .set({ store_upload_id: storeUploadId })
    .where("id", "=", uploadId)
    .where("store_upload_id", "=", "")
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Uploads started before `before` and never completed. */
export function listAbandonedUploads(db: Db, before: Date) {
  return db
    .selectFrom("uploads")
    .select(["id", "shot_id", "object_key", "store_upload_id"])
    .where("completed_at", "is", null)
    .where("created_at", "<", before)
    .execute();
}

export function deleteUpload(db: Db, uploadId: string) {
  return db.deleteFrom("uploads").where("id", "=", uploadId).execute();
}
