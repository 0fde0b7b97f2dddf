import type { ListFilmsQuery } from "@latent/domain/films";
import { type Insertable, sql, type Updateable } from "kysely";
import { toCount } from "../../platform/db/database.ts";
import type { Db } from "../../platform/db/db-handle.ts";
import type { FilmsTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";
import type { ShotsService } from "../shots/shots.service.ts";

/** The shots' SQL pieces a roll's statements embed, from the shots feature (its table is its own). */
type ShotSql = ShotsService["rollSql"];

/** A user's own rolls (a lab's order rolls are listed with their order, not here), each with its shots' summary. */
export function listFilms(db: Db, shotSql: ShotSql, userId: string, q: ListFilmsQuery) {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .selectFrom("films")
    .selectAll("films")
    .select(shotSql.summaryColumns(sql.ref("films.id")))
    .where("user_id", "=", userId)
    .where("order_id", "is", null)
    .$if(like !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("name", "ilike", like!),
          eb("brand", "ilike", like!),
          eb("model", "ilike", like!),
          eb(eb.fn("concat_ws", [eb.val(" "), "brand", "model"]), "ilike", like!),
        ]),
      ),
    )
    .$if(q.format !== undefined, (qb) => qb.where("format", "=", q.format!))
    .$if(q.process !== undefined, (qb) => qb.where("process", "=", q.process!))
    .$if(q.year !== undefined, (qb) => qb.where("year", "=", q.year!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The user's rolls among these ids (a search's page), in no particular order, each with its shots' summary. */
export function listFilmsByIds(db: Db, shotSql: ShotSql, userId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("films")
    .selectAll("films")
    .select(shotSql.summaryColumns(sql.ref("films.id")))
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .execute();
}

export function findFilm(db: Db, userId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.selectFrom("films").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/**
 * The user's roll with its shots, in one statement (a roll's page; decision 0051): the roll builds the view that needs
 * both, with the shots' own columns and JSON from the shots' store.
 */
export function findFilmWithShots(db: Db, shotSql: ShotSql, userId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom("films")
    .selectAll("films")
    .select(shotSql.rowsAsJson(sql.ref("films.id")).as("shots"))
    .where("films.id", "=", id)
    .where("films.user_id", "=", userId)
    .executeTakeFirst();
}

export async function countFilms(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("films")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

export function insertFilm(db: Db, film: Insertable<FilmsTable>) {
  return db.insertInto("films").values(film).returning("id").executeTakeFirstOrThrow();
}

export function updateFilmRow(db: Db, userId: string, id: string, values: Updateable<FilmsTable>) {
  return db
    .updateTable("films")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
}

/** Sets a roll's scanner where it has none (its first scan's EXIF names one); answers whether it did. */
export async function prefillScannerRow(db: Db, id: string, scanner: string): Promise<boolean> {
  const r = await db
    .updateTable("films")
    .set({ scanner, updated_at: new Date() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("scanner", "is", null), eb("scanner", "=", "")]))
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Locks a user's roll until the transaction ends (no shot can be added to it meanwhile); answers whether it exists. */
export async function lockFilmRow(tx: Db, userId: string, id: string): Promise<boolean> {
  const row = await tx.selectFrom("films").select("id").where("id", "=", id).where("user_id", "=", userId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function deleteFilmRow(db: Db, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom("films").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** A roll by id alone, for links whose signature already proved the right to it. */
export function findFilmById(db: Db, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.selectFrom("films").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Puts a sticker on a caller's roll, or takes it off with null; the unique index keeps a sticker on one roll. */
export function setFilmSticker(db: Db, userId: string, id: string, hash: string | null) {
  return updateFilmRow(db, userId, id, { sticker_hash: hash });
}

/** The roll a sticker is on, whoever owns it: the stickers feature decides what the caller may learn of it. */
export function findFilmBySticker(db: Db, hash: string) {
  return db.selectFrom("films").select(["id", "user_id", "name"]).where("sticker_hash", "=", hash).executeTakeFirst();
}

/** A user's rolls that carry a sticker, by sticker. */
export function listStickeredFilms(db: Db, userId: string) {
  return db
    .selectFrom("films")
    .select(["id", "name", "sticker_hash"])
    .where("user_id", "=", userId)
    .where("sticker_hash", "is not", null)
    .execute();
}

/** An order's rolls, oldest first, for the lab that owns them. */
export function listOrderFilms(db: Db, labId: string, orderId: string) {
  return listOrdersFilms(db, labId, [orderId]);
}

/** The rolls of several of a lab's orders in one query, each order's in the order `listOrderFilms` gives. */
export function listOrdersFilms(db: Db, labId: string, orderIds: readonly string[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom("films")
    .selectAll()
    .where("user_id", "=", labId)
    .where("order_id", "in", orderIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Hands a lab's roll to its customer: theirs now, naming the lab it came from, no longer in the order. */
export function transferFilmRow(db: Db, id: string, labId: string, toUserId: string, labName: string) {
  return db
    .updateTable("films")
    .set({ user_id: toUserId, order_id: null, from_lab_id: labId, from_lab_name: labName, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", labId)
    .returning("id")
    .executeTakeFirst();
}

/** Every roll of the user, a lab's order rolls included (the account is being deleted). */
export function listAllFilmsOfUser(db: Db, userId: string) {
  return db.selectFrom("films").selectAll().where("user_id", "=", userId).execute();
}

/**
 * Customers' copies of a lab's rolls stay theirs when the lab deletes its account: they forget the lab's id and keep
 * its name as it was. Answers how many rolls changed.
 */
export async function forgetLabOfFilms(db: Db, labId: string): Promise<number> {
  const result = await db.updateTable("films").set({ from_lab_id: null }).where("from_lab_id", "=", labId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The columns of a roll its life needs (issue 29, the roll-life feature's through `films.life`); `held_until` as
 * `YYYY-MM-DD` text, whatever the driver makes of a date.
 */
function rollLifeColumns(db: Db) {
  return db
    .selectFrom("films")
    .select([
      "id",
      "user_id",
      "name",
      "brand",
      "model",
      "format",
      "order_id",
      "from_lab_id",
      "sticker_hash",
      "status",
      "status_at",
      "storage_location",
      "timeline_shared",
      "sent_lab_id",
      "lab_order_id",
      "return_requested_at",
      "customer_film_id",
      sql<string | null>`held_until::text`.as("held_until"),
    ]);
}

export type RollLifeRow = NonNullable<Awaited<ReturnType<typeof findRollLife>>>;

/** A roll's life by id, whoever owns it: the roll-life feature decides who may see it. */
export function findRollLife(db: Db, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return rollLifeColumns(db).where("id", "=", id).executeTakeFirst();
}

/** The same, locked until the transaction ends: two steps of one roll take turns, each seeing the other's. */
export function lockRollLife(tx: Db, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return rollLifeColumns(tx).where("id", "=", id).forUpdate().executeTakeFirst();
}

/** Several rolls' lives by id. */
export function findRollsLife(db: Db, ids: readonly string[]) {
  const valid = ids.filter(isUuid);
  if (!valid.length) return Promise.resolve([]);
  return rollLifeColumns(db).where("id", "in", valid).execute();
}

/** Customers' own rolls a lab received into one of its orders. */
export function findRollsInLabOrder(db: Db, orderId: string) {
  return rollLifeColumns(db).where("lab_order_id", "=", orderId).execute();
}

/**
 * Adds to a lab's order a roll of the lab's that copies a customer's roll (its name, stock, ISO, format, frames,
 * process, push/pull) and names it: the lab scans into it. Answers its id.
 */
export function insertLabCopy(tx: Db, labId: string, orderId: string, customerFilmId: string) {
  return tx
    .insertInto("films")
    .columns(["user_id", "order_id", "customer_film_id", "name", "brand", "model", "iso", "format", "n_exp", "process", "push_pull"])
    .expression((eb) =>
      eb
        .selectFrom("films")
        .select((s) => [
          s.val(labId).as("user_id"),
          s.val(orderId).as("order_id"),
          "id",
          "name",
          "brand",
          "model",
          "iso",
          "format",
          "n_exp",
          "process",
          "push_pull",
        ])
        .where("id", "=", customerFilmId),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** The lab's roll that copies a customer's roll, while it is in the lab's order. */
export function findLabCopy(db: Db, customerFilmId: string) {
  return rollLifeColumns(db).where("customer_film_id", "=", customerFilmId).where("order_id", "is not", null).executeTakeFirst();
}

/** The life of the roll a sticker is on, whoever owns it. */
export function findRollLifeBySticker(db: Db, hash: string) {
  return rollLifeColumns(db).where("sticker_hash", "=", hash).executeTakeFirst();
}

/** The life columns a step changes. */
export function setRollLife(
  tx: Db,
  id: string,
  values: {
    status?: string;
    status_at?: Date;
    sent_lab_id?: string | null;
    lab_order_id?: string | null;
    held_until?: string | null;
    return_requested_at?: Date | null;
  },
) {
  return tx.updateTable("films").set(values).where("id", "=", id).executeTakeFirst();
}

/** The owner's settings of their own roll (not a lab's order roll); answers whether it is theirs. */
export async function setRollSettings(
  db: Db,
  userId: string,
  id: string,
  values: { storage_location?: string | null; timeline_shared?: boolean },
) {
  if (!isUuid(id)) return false;
  const r = await db
    .updateTable("films")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("order_id", "is", null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** The owner's storage locations containing `q`, those that start with it first, then the most used. */
export function listStorageLocations(db: Db, userId: string, q: string, limit: number) {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .selectFrom("films")
    .select(["storage_location", (eb) => eb.fn.countAll().as("n")])
    .where("user_id", "=", userId)
    .where("storage_location", "is not", null)
    .where("storage_location", "<>", "")
    .where("storage_location", "ilike", `%${escaped}%`)
    .groupBy("storage_location")
    .orderBy(sql`bool_or(storage_location ilike ${`${escaped}%`})`, "desc")
    .orderBy("n", "desc")
    .orderBy("storage_location")
    .limit(limit)
    .execute();
}

/** Rolls whose negatives a lab holds until one of `dates` (`YYYY-MM-DD`). */
export function listHoldsEndingOn(db: Db, dates: readonly string[]) {
  if (!dates.length) return Promise.resolve([]);
  return rollLifeColumns(db).where("status", "=", "archived").where(sql<string>`held_until::text`, "in", dates).execute();
}
