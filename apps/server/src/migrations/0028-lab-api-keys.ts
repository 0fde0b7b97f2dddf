import { type Kysely, sql } from "kysely";

/**
 * Issue 30: a lab's API keys. The token's public id is the key; only the SHA-256 of the whole token is kept (32
 * random bytes: a fast hash cannot be walked back). A revoked key keeps its row, so its id is never handed out again
 * and a request with it is told 401 like any unknown key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lab_api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lab_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("scopes", sql`text[]`, (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("lab_api_keys_lab_id").on("lab_api_keys").columns(["lab_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("lab_api_keys").execute();
}
