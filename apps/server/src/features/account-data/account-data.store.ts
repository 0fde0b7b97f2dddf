import type { Updateable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { DataExportsTable } from "../../platform/db/schema.ts";

/** A new export, queued; the database refuses a second one queued or running for the same user (unique violation). */
export function insertExport(db: Db, userId: string) {
  return db.insertInto("data_exports").values({ user_id: userId }).returningAll().executeTakeFirstOrThrow();
}

export function findExport(db: Db, id: string) {
  return db.selectFrom("data_exports").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The user's latest export. */
export function findLatestExport(db: Db, userId: string) {
  return db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").limit(1).executeTakeFirst();
}

/** Updates an export; answers the row, or undefined when it is gone (its account was deleted meanwhile). */
export function updateExport(db: Db, id: string, values: Updateable<DataExportsTable>) {
  return db.updateTable("data_exports").set(values).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Ready exports expired by `now`: from `expires_at` on, as the export's status and its download grant count it. */
export function listExpiredExports(db: Db, now: Date) {
  return db.selectFrom("data_exports").selectAll().where("status", "=", "ready").where("expires_at", "<=", now).execute();
}

export function listExportsOfUser(db: Db, userId: string) {
  return db.selectFrom("data_exports").selectAll().where("user_id", "=", userId).execute();
}

/** Deletes every export row of the user (the account is being deleted); answers how many went. */
export async function deleteExportsOfUser(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom("data_exports").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
