import { type Kysely, sql } from "kysely";

/**
 * Labs and their orders (issue 11): the lab's public profile and email template, orders with their one current
 * share link (code stored hashed), and on `films` which order a lab's roll belongs to and, on a customer's copy,
 * the lab it came from. An order imported from a store is kept once per store order (`source`, `external_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("labs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("address", "jsonb")
    .addColumn("logo_key", "text")
    .addColumn("webpage", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("lab_email_templates")
    .addColumn("lab_id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lab_id", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("user_email", "text", (c) => c.notNull())
    .addColumn("user_phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_id", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("created"))
    .addColumn("source", "text", (c) => c.notNull().defaultTo("manual"))
    .addColumn("external_id", "text")
    .addColumn("share_code_hash", "text", (c) => c.unique())
    .addColumn("share_expires_at", "timestamptz")
    .addColumn("sent_at", "timestamptz")
    .addColumn("claimed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("orders_lab_id").on("orders").columns(["lab_id", "created_at"]).execute();
  await sql`create unique index orders_external on orders (lab_id, source, external_id) where external_id is not null`.execute(db);

  await db.schema.alterTable("films").addColumn("order_id", "text").execute();
  await db.schema.alterTable("films").addColumn("from_lab_id", "text").execute();
  await db.schema.alterTable("films").addColumn("from_lab_name", "text").execute();
  await db.schema.createIndex("films_order_id").on("films").column("order_id").execute();

  // Labs keep their customers' scans for a while: they work with the largest plan's limits (README, Labs).
  await sql`insert into user_plans (user_id, plan) select id, 'unlimited' from users where role = 'lab'
    on conflict (user_id) do update set plan = 'unlimited'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["order_id", "from_lab_id", "from_lab_name"]) await db.schema.alterTable("films").dropColumn(column).execute();
  for (const table of ["orders", "lab_email_templates", "labs"]) await db.schema.dropTable(table).execute();
}
