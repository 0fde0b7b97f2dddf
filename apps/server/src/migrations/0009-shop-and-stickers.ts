import { type Kysely, sql } from "kysely";

/**
 * The shop's stickers (issue 10): the inventory of sticker packs with their stock, the holds an open checkout keeps
 * on that stock, the shipments people buy, and the stickers a paid shipment makes. A roll links at most one sticker
 * and a sticker at most one roll (`films.sticker_hash`, unique). A payment checkout names what it sells
 * (`checkout_sessions.reference`: the shipment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("inventory_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // The packs in the warehouse; what can be bought is this less the live holds.
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("price_eur", "integer", (c) => c.notNull())
    .addColumn("price_usd", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto("inventory_items" as never)
    .values([
      pack("pack-24", "Sticker-Pack-24", "24 stickers: one for each roll of a year's shooting.", 24, 10, 499, 549, 1),
      pack("pack-72", "Sticker-Pack-72", "72 stickers for a busy shooter or a small archive.", 72, 20, 1199, 1299, 2),
      pack("pack-144", "Sticker-Pack-144", "144 stickers to label a whole archive of negatives.", 144, 35, 1999, 2199, 3),
    ] as never)
    .execute();

  await db.schema
    .createTable("shipments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("created"))
    // The lines and the address as they were when the shipment was made or last changed: prices do not move under it.
    .addColumn("items", "jsonb", (c) => c.notNull())
    .addColumn("address", "jsonb", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("subtotal", "integer", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("rate", "jsonb")
    .addColumn("total", "integer")
    .addColumn("tracking_number", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("paid_at", "timestamptz")
    .addColumn("shipped_at", "timestamptz")
    .execute();
  await db.schema.createIndex("shipments_user_id").on("shipments").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("stock_holds")
    .addColumn("shipment_id", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("checkout_session_id", "text")
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("stock_holds_pkey", ["shipment_id", "item_id"])
    .execute();
  await db.schema.createIndex("stock_holds_item_id").on("stock_holds").column("item_id").execute();

  await db.schema
    .createTable("stickers")
    .addColumn("hash", "text", (c) => c.primaryKey())
    .addColumn("short_id", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("shipment_id", "text")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("stickers_user_id").on("stickers").column("user_id").execute();
  await db.schema.createIndex("stickers_shipment_id").on("stickers").column("shipment_id").execute();

  await sql`create unique index films_sticker_hash on films (sticker_hash) where sticker_hash is not null`.execute(db);
  await db.schema.alterTable("checkout_sessions").addColumn("reference", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("checkout_sessions").dropColumn("reference").execute();
  await sql`drop index films_sticker_hash`.execute(db);
  for (const table of ["stickers", "stock_holds", "shipments", "inventory_items"]) await db.schema.dropTable(table).execute();
}

function pack(
  productId: string,
  name: string,
  description: string,
  size: number,
  weight: number,
  eur: number,
  usd: number,
  position: number,
) {
  return { id: productId, product_id: productId, name, description, quantity: 500, weight, size, price_eur: eur, price_usd: usd, position };
}
