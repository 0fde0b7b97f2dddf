import { type Insertable, sql } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { FilmEventsTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";

/** The columns of a roll its life needs; dates (`held_until`) as `YYYY-MM-DD` text, whatever the driver makes of a date. */
function rollColumns(db: Db) {
  return db
    .selectFrom("films as f")
    .select([
      "f.id",
      "f.user_id",
      "f.name",
      "f.brand",
      "f.model",
      "f.format",
      "f.order_id",
      "f.from_lab_id",
      "f.sticker_hash",
      "f.status",
      "f.status_at",
      "f.storage_location",
      "f.timeline_shared",
      "f.sent_lab_id",
      "f.lab_order_id",
      "f.return_requested_at",
      sql<string | null>`f.held_until::text`.as("held_until"),
    ]);
}

export type RollRow = NonNullable<Awaited<ReturnType<typeof findOwnRoll>>>;

/** A photographer's own roll (not a lab's order roll, which its lab moves through its life). */
export function findOwnRoll(db: Db, userId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return rollColumns(db).where("f.id", "=", id).where("f.user_id", "=", userId).where("f.order_id", "is", null).executeTakeFirst();
}

/**
 * A roll of one of the lab's orders: the lab's own roll in its order, a customer's roll received into its order, or
 * a roll the customer added from its order (theirs now, its negatives maybe still at the lab). Undefined otherwise.
 */
export function findLabRoll(db: Db, labId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return rollColumns(db)
    .where("f.id", "=", id)
    .where((eb) =>
      eb.or([
        eb.and([eb("f.user_id", "=", labId), eb("f.order_id", "in", eb.selectFrom("orders").select("id").where("lab_id", "=", labId))]),
        eb("f.lab_order_id", "in", eb.selectFrom("orders").select("id").where("lab_id", "=", labId)),
        eb("f.from_lab_id", "=", labId),
      ]),
    )
    .executeTakeFirst();
}

/** Any roll by id, locked until the transaction ends: two steps of one roll take turns, each seeing the other's. */
export function lockRoll(tx: Db, id: string) {
  return rollColumns(tx).where("f.id", "=", id).forUpdate().executeTakeFirst();
}

/** The roll a sticker is on, whoever owns it: the caller decides what a lab may learn of it. */
export function findRollBySticker(db: Db, hash: string) {
  return rollColumns(db).where("f.sticker_hash", "=", hash).executeTakeFirst();
}

/** Rolls by id (any owner), for steps Latent takes by itself. */
export function findRolls(db: Db, ids: readonly string[]) {
  const valid = ids.filter(isUuid);
  if (!valid.length) return Promise.resolve([]);
  return rollColumns(db).where("f.id", "in", valid).execute();
}

/** Customers' own rolls received into a lab's order. */
export function findRollsInLabOrder(db: Db, orderId: string) {
  return rollColumns(db).where("f.lab_order_id", "=", orderId).execute();
}

/** Appends one step to a roll's history. */
export function insertEvent(tx: Db, event: Insertable<FilmEventsTable>) {
  return tx.insertInto("film_events").values(event).returning("id").executeTakeFirstOrThrow();
}

/** The roll's life columns a step changes. */
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
    storage_location?: string | null;
    timeline_shared?: boolean;
  },
) {
  return tx.updateTable("films").set(values).where("id", "=", id).executeTakeFirst();
}

/** Sets the owner's settings of their roll; answers whether it is theirs. */
export async function setOwnRollSettings(
  db: Db,
  userId: string,
  id: string,
  values: { storage_location?: string | null; timeline_shared?: boolean },
) {
  const r = await db
    .updateTable("films")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("order_id", "is", null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** The histories of several rolls, oldest step first, with who took each (a person's or a lab's name). */
export function listEvents(db: Db, filmIds: readonly string[]) {
  if (!filmIds.length) return Promise.resolve([]);
  return db
    .selectFrom("film_events as e")
    .leftJoin("users as u", "u.id", "e.actor_user_id")
    .leftJoin("labs as l", "l.id", "e.lab_id")
    .select([
      "e.id",
      "e.film_id",
      "e.status",
      "e.actor",
      "e.lab_id",
      "e.camera",
      "e.tracking",
      "e.note",
      "e.created_at",
      sql<string | null>`e.held_until::text`.as("held_until"),
      "u.name as user_name",
      "u.first_name as user_first_name",
      "u.last_name as user_last_name",
      "l.name as lab_name",
    ])
    .where("e.film_id", "in", filmIds)
    .orderBy("e.created_at")
    .orderBy("e.id")
    .execute();
}

export type EventRow = Awaited<ReturnType<typeof listEvents>>[number];

/** How many of a roll's shots are still on their way (uploading, or waiting to be processed). */
export async function countUnfinishedShots(db: Db, filmId: string): Promise<number> {
  const row = await db
    .selectFrom("shots")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("film_id", "=", filmId)
    .where("state", "in", ["uploading", "pending"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a lab with this id exists. */
export async function labExists(db: Db, labId: string): Promise<boolean> {
  const row = await db.selectFrom("labs").select("id").where("id", "=", labId).executeTakeFirst();
  return row !== undefined;
}

/** A lab's name and where its mail goes (its contact email, else its account's), and its account's language. */
export function findLabContact(db: Db, labId: string) {
  return db
    .selectFrom("labs as l")
    .leftJoin("users as u", "u.id", "l.id")
    .select(["l.id", "l.name", "l.contact_email", "u.email", "u.locale"])
    .where("l.id", "=", labId)
    .executeTakeFirst();
}

/** An account's name, email, language, role and whether it wants mails about its rolls. */
export function findPerson(db: Db, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "role", "email", "name", "first_name", "last_name", "locale", "roll_mail"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** The owner's earlier storage locations matching `q` (prefix matches first), most used first. */
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
  return rollColumns(db).where("f.status", "=", "archived").where(sql<string>`f.held_until::text`, "in", dates).execute();
}

/** Records a reminder as sent; answers false when it was already (another instance, an earlier run). */
export async function recordReminder(tx: Db, filmId: string, heldUntil: string, days: number): Promise<boolean> {
  const row = await tx
    .insertInto("film_reminders")
    .values({ film_id: filmId, held_until: heldUntil, days })
    .onConflict((oc) => oc.columns(["film_id", "held_until", "days"]).doNothing())
    .returning("film_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The lab that holds (or last held) a roll's negatives: the lab of its last `archived` step. */
export async function findHoldingLab(db: Db, filmId: string): Promise<string | null> {
  const row = await db
    .selectFrom("film_events")
    .select("lab_id")
    .where("film_id", "=", filmId)
    .where("status", "=", "archived")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.lab_id ?? null;
}
