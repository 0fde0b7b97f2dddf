import { type Kysely, sql } from "kysely";

/**
 * Issue 31: share links people can control, and guests who can answer. A roll's share link and an order's link gain
 * a password (scrypt, with its generation: a change ends earlier unlocks), downloads on or off, and guest answers on
 * or off. Guests (no account: a name and a signed cookie for one link) favourite frames, comment, and on an order ask
 * the lab for a rescan or a print; the owner (the lab) gets an hourly digest per link, unless `guest_mail` is off.
 * Answers hang off the roll or the order (deleted with it), not off the link, which is pruned after it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("share_links")
    .addColumn("password_hash", "text")
    .addColumn("password_generation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("downloads", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("guest_answers", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("share_password_hash", "text")
    .addColumn("share_password_generation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("share_downloads", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("share_guest_answers", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("guest_mail", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable("guests")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("film_id", "uuid", (c) => c.references("films.id").onDelete("cascade"))
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("link_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint("guests_one_subject", sql`(film_id is null) <> (order_id is null)`)
    .execute();
  await db.schema.createIndex("guests_link_created").on("guests").columns(["link_id", "created_at"]).execute();
  await db.schema.createIndex("guests_film").on("guests").column("film_id").execute();
  await db.schema.createIndex("guests_order").on("guests").column("order_id").execute();

  await db.schema
    .createTable("guest_favourites")
    .addColumn("guest_id", "uuid", (c) => c.notNull().references("guests.id").onDelete("cascade"))
    .addColumn("shot_id", "uuid", (c) => c.notNull().references("shots.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("guest_favourites_pk", ["guest_id", "shot_id"])
    .execute();
  await db.schema.createIndex("guest_favourites_shot").on("guest_favourites").column("shot_id").execute();

  await db.schema
    .createTable("guest_comments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("owner_id", "text", (c) => c.notNull())
    // The roll a comment is on (a roll's link), or the order (an order's link; `film_id` then the frame's roll, if any).
    .addColumn("film_id", "uuid", (c) => c.references("films.id").onDelete("cascade"))
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("cascade"))
    // Null for the owner's own comments that answer nobody: those show on every link of the roll.
    .addColumn("link_id", "text")
    .addColumn("guest_id", "uuid", (c) => c.references("guests.id").onDelete("cascade"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("shot_id", "uuid", (c) => c.references("shots.id").onDelete("cascade"))
    .addColumn("reply_to", "uuid", (c) => c.references("guest_comments.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("hidden_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("guest_comments_film").on("guest_comments").columns(["film_id", "created_at"]).execute();
  await db.schema.createIndex("guest_comments_order").on("guest_comments").columns(["order_id", "created_at"]).execute();
  await db.schema.createIndex("guest_comments_link").on("guest_comments").columns(["link_id", "created_at"]).execute();
  await db.schema.createIndex("guest_comments_guest").on("guest_comments").column("guest_id").execute();
  await db.schema.createIndex("guest_comments_shot").on("guest_comments").column("shot_id").execute();
  await db.schema.createIndex("guest_comments_reply_to").on("guest_comments").column("reply_to").execute();

  await db.schema
    .createTable("guest_requests")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("lab_id", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("link_id", "text", (c) => c.notNull())
    .addColumn("guest_id", "uuid", (c) => c.references("guests.id").onDelete("set null"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("shot_id", "uuid", (c) => c.references("shots.id").onDelete("set null"))
    .addColumn("film_id", "uuid")
    .addColumn("frame", "integer")
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("done_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("guest_requests_order").on("guest_requests").columns(["order_id", "created_at"]).execute();
  await db.schema.createIndex("guest_requests_guest").on("guest_requests").column("guest_id").execute();
  await db.schema.createIndex("guest_requests_shot").on("guest_requests").column("shot_id").execute();

  // One row per link that guests answered: the digest waits until an hour after the last one it sent.
  await db.schema
    .createTable("guest_digests")
    .addColumn("link_id", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull())
    .addColumn("film_id", "uuid", (c) => c.references("films.id").onDelete("cascade"))
    .addColumn("order_id", "text", (c) => c.references("orders.id").onDelete("cascade"))
    .addColumn("pending_since", "timestamptz")
    .addColumn("last_sent_at", "timestamptz")
    .execute();
  await db.schema.createIndex("guest_digests_pending").on("guest_digests").column("pending_since").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["guest_digests", "guest_requests", "guest_comments", "guest_favourites", "guests"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("users").dropColumn("guest_mail").execute();
  await db.schema
    .alterTable("orders")
    .dropColumn("share_password_hash")
    .dropColumn("share_password_generation")
    .dropColumn("share_downloads")
    .dropColumn("share_guest_answers")
    .execute();
  await db.schema
    .alterTable("share_links")
    .dropColumn("password_hash")
    .dropColumn("password_generation")
    .dropColumn("downloads")
    .dropColumn("guest_answers")
    .execute();
}
