import { type Kysely, sql } from "kysely";

/**
 * "Your data, yours" (issue 12): the archives of a user's data (one row per export, the latest answers
 * `GET account/export`), and the subjects of deleted accounts, kept as SHA-256 hashes only until any access token
 * issued to them has expired, so a token still in flight does not create the user again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_exports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("queued"))
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("object_key", "text")
    .addColumn("size", "bigint")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .addColumn("expires_at", "timestamptz")
    .execute();
  await db.schema.createIndex("data_exports_user").on("data_exports").columns(["user_id", "created_at"]).execute();
  // One export at a time per user, even when two requests race.
  await sql`create unique index data_exports_one_running on data_exports (user_id) where status in ('queued', 'running')`.execute(db);
  await db.schema.createIndex("data_exports_expires").on("data_exports").column("expires_at").execute();

  await db.schema
    .createTable("deleted_subjects")
    .addColumn("subject_hash", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["deleted_subjects", "data_exports"]) await db.schema.dropTable(table).execute();
}
