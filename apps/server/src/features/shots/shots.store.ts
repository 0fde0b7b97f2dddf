import { SHOT_ERROR_MESSAGES, type ShotErrorCode } from "@latent/domain/films";
import { FRAME_EXPOSURE_FIELDS } from "@latent/domain/frame-exposure";
import { type Expression, type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database, ShotsTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";

/** What a shot shows of itself (toShot): a roll's page reads no timestamps, CRCs or claims, which cost parsing per row. */
export const SHOWN_SHOT_COLUMNS = [
  "id",
  "index",
  "state",
  "error_message",
  "error_code",
  "object_key",
  "thumb_key",
  "preview_key",
  "content_type",
  "size",
  "width",
  "height",
  "camera_id",
  "lens_id",
  "scanner",
  "push_pull",
  "kept",
  "file_name",
  ...FRAME_EXPOSURE_FIELDS,
] as const;

/** A shot as a roll's page shows it, read as JSON inside another statement (`shotRowsAsJson`). */
export type ShownShotRow = Pick<ShotRow, (typeof SHOWN_SHOT_COLUMNS)[number]>;
type ShotRow = Selectable<ShotsTable>;

/**
 * The shown columns of a roll's shots as one JSON array in frame order ([] without shots), to be selected beside the
 * roll's own row: a roll's page in one statement (decision 0051). Every column keeps its value in JSON (`size`, a
 * bigint, comes as a number instead of pg's string; `taken_at` is text).
 */
export function shotRowsAsJson(filmId: Expression<string>) {
  const columns = sql.join(SHOWN_SHOT_COLUMNS.map((c) => sql.ref(`s.${c}`)));
  return sql<
    ShownShotRow[]
  >`coalesce((select json_agg(t order by t.index) from (select ${columns} from shots s where s.film_id = ${filmId}) t), '[]'::json)`;
}

/**
 * A roll's finished-shot count and cover thumbnail key (its first finished shot's), as columns of a statement that
 * lists rolls: the list in one statement, each roll's read through the shots' (film_id, index) index (decision 0051).
 */
export function shotSummaryColumns(filmId: Expression<string>) {
  return [
    sql<string | number>`(select count(*) from shots s where s.film_id = ${filmId} and s.state = 'done')`.as("shot_count"),
    sql<
      string | null
    >`(select s.thumb_key from shots s where s.film_id = ${filmId} and s.state = 'done' and s.thumb_key is not null order by s.index limit 1)`.as(
      "cover_key",
    ),
  ] as const;
}

export function listShotRows(db: Db, filmId: string) {
  return db.selectFrom("shots").select(SHOWN_SHOT_COLUMNS).where("film_id", "=", filmId).orderBy("index", "asc").execute();
}

/** The shots of several rolls in one query, each roll's in index order. */
export function listShotRowsOfFilms(db: Db, filmIds: readonly string[]) {
  if (!filmIds.length) return Promise.resolve([]);
  return db
    .selectFrom("shots")
    .select([...SHOWN_SHOT_COLUMNS, "film_id"])
    .where("film_id", "in", filmIds)
    .orderBy("film_id")
    .orderBy("index", "asc")
    .execute();
}

/** The shot at an index of a user's roll; a roll id that cannot exist finds nothing. */
export function findShotByIndex(db: Db, userId: string, filmId: string, index: number) {
  if (!isUuid(filmId)) return Promise.resolve(undefined);
  return db
    .selectFrom("shots")
    .selectAll()
    .where("film_id", "=", filmId)
    .where("user_id", "=", userId)
    .where("index", "=", index)
    .executeTakeFirst();
}

export function findShotById(db: Db, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.selectFrom("shots").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertShotRow(db: Db, shot: Insertable<ShotsTable>) {
  return db.insertInto("shots").values(shot).returningAll().executeTakeFirstOrThrow();
}

/**
 * Count of finished shots and cover (the thumbnail of the first finished shot) of each of the given rolls: a shot
 * still uploading, being processed or failed is not yet one of the roll's shots (nor in its zip).
 */
export async function filmSummaryRows(db: Db, filmIds: readonly string[]) {
  if (filmIds.length === 0) return [];
  return db
    .selectFrom("shots")
    .select([
      "film_id",
      sql<number | string>`count(*) filter (where state = 'done')`.as("shot_count"),
      sql<string | null>`(array_agg(thumb_key order by index) filter (where state = 'done' and thumb_key is not null))[1]`.as("cover_key"),
    ])
    .where("film_id", "in", filmIds)
    .groupBy("film_id")
    .execute();
}

/** The finished shots of a roll with what a zip needs of each, in index order. */
export function listDoneShotFiles(db: Db, filmId: string) {
  return db
    .selectFrom("shots")
    .select(["index", "object_key", "content_type", "size", "crc32", "updated_at", "camera_id", "lens_id", "scanner", "push_pull"])
    .select(FRAME_EXPOSURE_FIELDS)
    .where("film_id", "=", filmId)
    .where("state", "=", "done")
    .orderBy("index")
    .execute();
}

/** The stored images of a roll's finished frames, in frame order: what its contact sheet prints. */
export function listDoneShotImages(db: Db, filmId: string) {
  return db
    .selectFrom("shots")
    .select(["index", "preview_key", "thumb_key"])
    .where("film_id", "=", filmId)
    .where("state", "=", "done")
    .orderBy("index")
    .execute();
}

export async function shotIdsOfFilm(db: Db, filmId: string): Promise<string[]> {
  const rows = await db.selectFrom("shots").select("id").where("film_id", "=", filmId).execute();
  return rows.map((r) => r.id);
}

/** Removes a shot only while it is still uploading (an abandoned upload); false when it moved on meanwhile. */
export async function deleteUploadingShotRow(db: Db, id: string): Promise<boolean> {
  const r = await db.deleteFrom("shots").where("id", "=", id).where("state", "=", "uploading").executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** An upload that failed stored nothing: its shot stops holding the space the upload had reserved. */
export function failUploadingShotRow(db: Db, id: string, code: ShotErrorCode, message: string) {
  return db
    .updateTable("shots")
    .set({ state: "error", error_code: code, error_message: message, size: 0, updated_at: new Date() })
    .where("id", "=", id)
    .where("state", "=", "uploading")
    .returningAll()
    .executeTakeFirst();
}

export function updateShotRow(db: Db, id: string, values: Updateable<ShotsTable>) {
  return db
    .updateTable("shots")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteShotRow(db: Db, id: string) {
  return db.deleteFrom("shots").where("id", "=", id).execute();
}

/** Bytes a user's scans take (all states: an upload in progress already holds its space). */
export async function storageUsed(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("shots")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("size"), sql<number>`0`).as("bytes"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

export async function countKept(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("shots")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .where("kept", "=", true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Claims the next shot waiting for processing. SKIP LOCKED lets several server instances share the queue;
 * a claim older than `staleAfterS` (a worker that died) is taken over.
 */
export async function claimPendingShot(db: Kysely<Database>, staleAfterS: number, maxAttempts: number) {
  return db.transaction().execute(async (tx) => {
    const next = await tx
      .selectFrom("shots")
      .select("id")
      .where("state", "=", "pending")
      .where("attempts", "<", maxAttempts)
      .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", new Date(Date.now() - staleAfterS * 1000))]))
      .orderBy("updated_at", "asc")
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return undefined;
    return tx
      .updateTable("shots")
      .set((eb) => ({ claimed_at: new Date(), attempts: eb("attempts", "+", 1) }))
      .where("id", "=", next.id)
      .returningAll()
      .executeTakeFirst();
  });
}

/** Shots an instance claimed but will not finish (it is shutting down): back to the queue, the attempt not counted. */
export function releaseShotClaims(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .updateTable("shots")
    .set((eb) => ({ claimed_at: null, attempts: eb("attempts", "-", 1) }))
    .where("id", "in", ids)
    .where("state", "=", "pending")
    .where("claimed_at", "is not", null)
    .returning(["id"])
    .execute();
}

/** Shots that exhausted their attempts while pending become errors. */
export function failExhaustedShots(db: Db, maxAttempts: number) {
  return db
    .updateTable("shots")
    .set({
      state: "error",
      error_code: "processing-failed",
      error_message: SHOT_ERROR_MESSAGES["processing-failed"],
      updated_at: new Date(),
    })
    .where("state", "=", "pending")
    .where("attempts", ">=", maxAttempts)
    .where("claimed_at", "<", new Date(Date.now() - 60_000))
    .returning(["id", "film_id", "index"])
    .execute();
}

/** A user's shots that are not kept, oldest upload first (what a downgrade clean-up may delete, in its order). */
export function listUnkeptShotsOldestFirst(db: Db, userId: string) {
  return db
    .selectFrom("shots")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kept", "=", false)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Every shot of a user, kept or not, oldest upload first. */
export function listShotsOfUser(db: Db, userId: string) {
  return db.selectFrom("shots").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}

/** Moves a roll's shots to another owner (a lab's roll added to its customer's account). */
export async function transferShotRows(db: Db, filmId: string, toUserId: string) {
  await db.updateTable("shots").set({ user_id: toUserId, updated_at: new Date() }).where("film_id", "=", filmId).execute();
}

/**
 * Moves a roll's shots into another roll of another owner (a lab's copy joining its customer's roll), after the
 * frames that roll has when their numbers would clash. Their files stay where they are (the keys say where).
 */
export async function moveShotRows(db: Db, fromFilmId: string, toFilmId: string, toUserId: string) {
  const rows = await db.selectFrom("shots").select(["film_id", "index"]).where("film_id", "in", [fromFilmId, toFilmId]).execute();
  const taken = new Set(rows.filter((r) => r.film_id === toFilmId).map((r) => r.index));
  const clash = rows.some((r) => r.film_id === fromFilmId && taken.has(r.index));
  const offset = clash ? Math.max(...taken) : 0;
  await db
    .updateTable("shots")
    .set({ film_id: toFilmId, user_id: toUserId, index: sql<number>`index + ${offset}`, updated_at: new Date() })
    .where("film_id", "=", fromFilmId)
    .execute();
}

/** Every file key of a roll's shots (originals, thumbnails, previews). */
export async function listShotFileKeys(db: Db, filmId: string): Promise<string[]> {
  const rows = await db.selectFrom("shots").select(["object_key", "thumb_key", "preview_key"]).where("film_id", "=", filmId).execute();
  return rows.flatMap((r) => [r.object_key, r.thumb_key, r.preview_key].filter((k): k is string => k !== null));
}

/** Bytes, kept and finished shots of some rolls: what moving them to another account adds to its usage. */
export async function filmsUsage(db: Db, filmIds: readonly string[]) {
  if (filmIds.length === 0) return { bytes: 0, kept: 0, done: 0 };
  const row = await db
    .selectFrom("shots")
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<string | number>("size"), eb.val(0)).as("bytes"),
      eb.fn.countAll<string | number>().filterWhere("kept", "=", true).as("kept"),
      eb.fn.countAll<string | number>().filterWhere("state", "=", "done").as("done"),
    ])
    .where("film_id", "in", filmIds)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), kept: Number(row.kept), done: Number(row.done) };
}

/** Uploaded scans waiting for processing, on every instance (the metrics' queue depth). */
export async function countPendingShots(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("shots")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("state", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
