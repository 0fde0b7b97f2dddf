import { type Kysely, sql } from "kysely";

/**
 * Issue 24: an order's link gets an id of its own (`share_id`, new with every code), which the media and zip links
 * it hands out carry as their grant, so replacing or claiming stops them at once; and the store orders a lab deleted
 * are remembered, so a replayed webhook or a later import does not make them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("share_id", "text").execute();
  // Links already sent keep opening their order; only the media and zip links signed under the order's id stop.
  await sql`update orders set share_id = gen_random_uuid()::text where share_code_hash is not null`.execute(db);
  await sql`create unique index orders_share_id on orders (share_id) where share_id is not null`.execute(db);

  await db.schema
    .createTable("deleted_store_orders")
    .addColumn("lab_id", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("deleted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("deleted_store_orders_pkey", ["lab_id", "source", "external_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("deleted_store_orders").execute();
  await sql`drop index if exists orders_share_id`.execute(db);
  await db.schema.alterTable("orders").dropColumn("share_id").execute();
}
