import type { Kysely } from "kysely";

/**
 * Blocked accounts (spec §4): the operator blocks a user, who then reaches nothing of the API but their profile.
 * A timestamp rather than a flag, so support can tell since when; nothing else changes, so unblocking restores all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("blocked_at", "timestamptz").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("blocked_at").execute();
}
