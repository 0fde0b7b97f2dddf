import { type Kysely, sql } from "kysely";

/**
 * An upload counts its recorded parts on its own row (decision 0023): recording a chunk is then one
 * statement whose update of that row waits for any other part of the same upload being recorded, so two last parts
 * arriving together still see each other and one of them completes the upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("uploads")
    .addColumn("parts_received", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update uploads set parts_received = (select count(*) from upload_parts p where p.upload_id = uploads.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("uploads").dropColumn("parts_received").execute();
}
