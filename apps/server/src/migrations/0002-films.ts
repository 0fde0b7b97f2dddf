import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("films")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("iso", "integer", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("n_exp", "integer", (c) => c.notNull())
    .addColumn("process", "text", (c) => c.notNull())
    .addColumn("push_pull", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("month", "integer")
    .addColumn("year", "integer")
    .addColumn("scanner", "text")
    .addColumn("camera_id", "uuid")
    .addColumn("lens_id", "uuid")
    .addColumn("sticker_hash", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("films_user_created").on("films").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("shots")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("film_id", "uuid", (c) => c.notNull().references("films.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("index", "integer", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("error_message", "text")
    .addColumn("object_key", "text", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("crc32", "bigint")
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("thumb_key", "text")
    .addColumn("preview_key", "text")
    .addColumn("camera_id", "uuid")
    .addColumn("lens_id", "uuid")
    .addColumn("scanner", "text")
    .addColumn("push_pull", "integer")
    .addColumn("kept", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("claimed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("shots_film_index", ["film_id", "index"])
    .execute();
  await db.schema.createIndex("shots_state").on("shots").columns(["state", "claimed_at"]).execute();
  await db.schema.createIndex("shots_user").on("shots").column("user_id").execute();

  await db.schema
    .createTable("uploads")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("shot_id", "uuid", (c) => c.notNull().references("shots.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("object_key", "text", (c) => c.notNull())
    .addColumn("store_upload_id", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("content_length", "bigint", (c) => c.notNull())
    .addColumn("part_size", "integer", (c) => c.notNull())
    .addColumn("part_count", "integer", (c) => c.notNull())
    .addColumn("completed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("upload_parts")
    .addColumn("upload_id", "uuid", (c) => c.notNull().references("uploads.id").onDelete("cascade"))
    .addColumn("part_number", "integer", (c) => c.notNull())
    .addColumn("etag", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("upload_parts_pk", ["upload_id", "part_number"])
    .execute();

  await db.schema
    .createTable("share_links")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("film_id", "uuid", (c) => c.notNull().references("films.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["share_links", "upload_parts", "uploads", "shots", "films"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
