import type { Kysely } from "kysely";
import { type Insertable, sql } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database, LabApiKeysTable } from "../../platform/db/schema.ts";

const shown = ["id", "name", "scopes", "created_at", "last_used_at"] as const;

/** The lab's live keys, oldest first. */
export function listLiveKeys(db: Db, labId: string) {
  return db
    .selectFrom("lab_api_keys")
    .select(shown)
    .where("lab_id", "=", labId)
    .where("revoked_at", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/**
 * Adds a key unless the lab already holds `max` live ones; undefined then. The lab's keys are counted under a lock
 * of the lab's own, so two keys made at once cannot both take the last place.
 */
export function insertKeyIfRoom(db: Kysely<Database>, row: Insertable<LabApiKeysTable>, max: number) {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`lab_api_keys:${row.lab_id}`}, 0))`.execute(tx);
    const { live } = await tx
      .selectFrom("lab_api_keys")
      .select((eb) => eb.fn.countAll<string | number>().as("live"))
      .where("lab_id", "=", row.lab_id)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(live) >= max) return undefined;
    return tx.insertInto("lab_api_keys").values(row).returning(shown).executeTakeFirstOrThrow();
  });
}

/** A live key by its public id, with what checking a token against it needs. */
export function findLiveKey(db: Db, id: string) {
  return db
    .selectFrom("lab_api_keys")
    .select(["id", "lab_id", "scopes", "token_hash", "last_used_at"])
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** Notes a use, unless one after `since` is already noted (a busy key writes once a minute, not per request). */
export async function noteKeyUse(db: Db, id: string, at: Date, since: Date) {
  await db
    .updateTable("lab_api_keys")
    .set({ last_used_at: at })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", since)]))
    .execute();
}

/** Revokes one of the lab's live keys; false when the lab has no such live key. */
export async function revokeKey(db: Db, labId: string, id: string, at: Date) {
  const row = await db
    .updateTable("lab_api_keys")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("lab_id", "=", labId)
    .where("revoked_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes every key of the lab, revoked or not (the account is being deleted); answers how many. */
export async function deleteKeysOfLab(db: Db, labId: string): Promise<number> {
  const rows = await db.deleteFrom("lab_api_keys").where("lab_id", "=", labId).returning("id").execute();
  return rows.length;
}
