import { type Kysely, sql } from "kysely";

/**
 * Payments (issue 9): the provider's customer of each user, the checkouts started, the subscriptions as the provider's
 * webhook last described them, the invoices it reported, and every webhook event id applied (each once). The embedded
 * sandbox provider keeps its own state (what the provider would hold) in `payment_sandbox_objects`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("customers")
    .addColumn("user_id", "text", (c) => c.primaryKey())
    .addColumn("provider_customer_id", "text", (c) => c.notNull().unique())
    .addColumn("email", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("checkout_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("plan", "text")
    .addColumn("currency", "text", (c) => c.notNull())
    // Integer minor units: the monthly price, and what the first invoice charges (less a newsletter discount).
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("first_amount", "integer", (c) => c.notNull())
    .addColumn("discount_percent", "integer")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("paid", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("subscription_id", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("checkout_sessions_user_id").on("checkout_sessions").column("user_id").execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("plan", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("web"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("current_period_end", "timestamptz")
    .addColumn("cancel_at_period_end", "boolean", (c) => c.notNull().defaultTo(false))
    // The provider's `created` (unix seconds) of the event that last changed this row: an older one never overwrites it.
    .addColumn("last_event_created", "bigint", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("subscriptions_user_id").on("subscriptions").column("user_id").execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text")
    .addColumn("subscription_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("created", "bigint", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("payment_sandbox_objects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["payment_sandbox_objects", "payment_events", "invoices", "subscriptions", "checkout_sessions", "customers"]) {
    await db.schema.dropTable(table).execute();
  }
}
