import { type Kysely, sql } from "kysely";

/**
 * Uploads that survive a reload: each upload remembers when its last part arrived (an upload without news for too
 * long is stalled and its shot fails), and a failed shot carries a code the web app translates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("shots").addColumn("error_code", "text").execute();
  // Shots that failed before codes existed get the code of their English message.
  await sql`update shots set error_code = case
      when error_message like 'The file is not a supported image%' then 'unsupported-file-type'
      when error_message like 'The image is larger than%' then 'image-too-large'
      when error_message like 'The image file is damaged%' then 'image-damaged'
      when error_message like 'The upload could not be completed%' then 'upload-incomplete'
      else 'processing-failed' end
    where state = 'error'`.execute(db);
  await db.schema
    .alterTable("uploads")
    .addColumn("active_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`update uploads set active_at = created_at`.execute(db);
  await db.schema
    .createIndex("uploads_unfinished_active_at")
    .on("uploads")
    .column("active_at")
    .where(sql.ref("completed_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("uploads_unfinished_active_at").execute();
  await db.schema.alterTable("uploads").dropColumn("active_at").execute();
  await db.schema.alterTable("shots").dropColumn("error_code").execute();
}
