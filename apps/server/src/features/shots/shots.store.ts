import { type Kysely, sql, type Transaction, type Updateable } from "kysely";
import type { Database, ShotsTable } from "../../platform/db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export function listShotRows(db: Db, filmId: string) {
  return db.selectFrom("shots").selectAll().where("film_id", "=", filmId).orderBy("index", "asc").execute();
}

export function findShotByIndex(db: Db, userId: string, filmId: string, index: number) {
  return db
    .selectFrom("shots")
    .selectAll()
    .where("film_id", "=", filmId)
    .where("user_id", "=", userId)
    .where("index", "=", index)
    .executeTakeFirst();
}

export function findShotById(db: Db, id: string) {
  return db.selectFrom("shots").selectAll().where("id", "=", id).executeTakeFirst();
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

/** Shots that exhausted their attempts while pending become errors. */
export function failExhaustedShots(db: Db, maxAttempts: number) {
  return db
    .updateTable("shots")
    .set({ state: "error", error_message: "The image could not be processed", updated_at: new Date() })
    .where("state", "=", "pending")
    .where("attempts", ">=", maxAttempts)
    .where("claimed_at", "<", new Date(Date.now() - 60_000))
    .returning(["id", "film_id", "index"])
    .execute();
}
