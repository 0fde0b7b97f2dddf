import type { Kysely } from "kysely";

/**
 * A session keeps the name its device gave when it paired (the Lightroom plugin's `device_name`, decision 0017), so
 * the profile's list of paired Lightrooms says which computer each one is before the person disconnects it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("account_sessions").addColumn("device_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("account_sessions").dropColumn("device_name").execute();
}
