import { type Kysely, sql } from "kysely";

/**
 * Labs' store integrations (issue 11): one row per lab with its integration secret (SHA-256 hash, and a sealed copy
 * the server needs to check WooCommerce webhook signatures) and the stores' credentials, sealed (AES-256-GCM under a
 * key derived from the server secret). Pending authorizations (Shopify's OAuth `state`, WooCommerce's `user_id`
 * code) are single-use, expire, and are kept as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lab_integrations")
    .addColumn("lab_id", "text", (c) => c.primaryKey())
    .addColumn("secret_hash", "text")
    .addColumn("secret_sealed", "text")
    .addColumn("shopify_shop", "text")
    .addColumn("shopify_token_sealed", "text")
    .addColumn("shopify_connected_at", "timestamptz")
    .addColumn("woocommerce_store_url", "text")
    .addColumn("woocommerce_key_sealed", "text")
    .addColumn("woocommerce_secret_sealed", "text")
    .addColumn("woocommerce_connected_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("lab_integration_pending")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("lab_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // The shop domain (Shopify) or store URL (WooCommerce) the authorization was started for.
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("lab_integration_pending_expires").on("lab_integration_pending").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["lab_integration_pending", "lab_integrations"]) await db.schema.dropTable(table).execute();
}
