import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** The server's own settings kept in the database (keys, secrets, the store's id): one value per key. */
export async function readSetting<T>(db: Kysely<Database>, key: string): Promise<T | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value as T | undefined;
}

/** Stores `value` unless the key already has one; true when this call stored it (concurrent first starts: one wins). */
export async function insertSettingIfAbsent(db: Kysely<Database>, key: string, value: unknown): Promise<boolean> {
  const inserted = await db
    .insertInto("settings")
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column("key").doNothing())
    .returning("key")
    .execute();
  return inserted.length > 0;
}
