import { type Kysely, sql } from "kysely";

/**
 * Issue 29: a roll's life from camera to archive. `films` keeps the roll's current status (the last step of its
 * history), where its negatives are, whether its shared page shows the timeline, the lab it was last sent to, the
 * lab order a customer's own roll was received into, and a lab's hold. `film_events` is the append-only history;
 * `film_reminders` records each hold reminder sent, so one goes once per roll, date and lead time whatever the
 * number of instances. Ids of labs and orders are text, as their own tables' are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("films")
    .addColumn("status", "text")
    .addColumn("status_at", "timestamptz")
    .addColumn("storage_location", "text")
    .addColumn("timeline_shared", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("sent_lab_id", "text")
    .addColumn("lab_order_id", "text", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("held_until", "date")
    .addColumn("return_requested_at", "timestamptz")
    .execute();
  await db.schema.createIndex("films_lab_order_id").on("films").column("lab_order_id").execute();
  await db.schema.createIndex("films_held_until").on("films").column("held_until").execute();

  await db.schema
    .createTable("film_events")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("film_id", "uuid", (c) => c.notNull().references("films.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "text")
    .addColumn("lab_id", "text")
    .addColumn("camera", "text")
    .addColumn("tracking", "text")
    .addColumn("held_until", "date")
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("film_events_film").on("film_events").columns(["film_id", "created_at"]).execute();

  await db.schema
    .createTable("film_reminders")
    .addColumn("film_id", "uuid", (c) => c.notNull().references("films.id").onDelete("cascade"))
    .addColumn("held_until", "date", (c) => c.notNull())
    .addColumn("days", "integer", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("film_reminders_pk", ["film_id", "held_until", "days"])
    .execute();

  // The photographer's mails about their rolls' steps: on unless they turn them off.
  await db.schema
    .alterTable("users")
    .addColumn("roll_mail", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("roll_mail").execute();
  await db.schema.dropTable("film_reminders").execute();
  await db.schema.dropTable("film_events").execute();
  await db.schema
    .alterTable("films")
    .dropColumn("status")
    .dropColumn("status_at")
    .dropColumn("storage_location")
    .dropColumn("timeline_shared")
    .dropColumn("sent_lab_id")
    .dropColumn("lab_order_id")
    .dropColumn("held_until")
    .dropColumn("return_requested_at")
    .execute();
}
