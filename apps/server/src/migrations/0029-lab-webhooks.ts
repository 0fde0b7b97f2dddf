import { type Kysely, sql } from "kysely";

/**
 * Lab webhooks out (issue 30): a lab's endpoints (address, events, the signing secret sealed with the server's secret
 * box), one delivery per event and endpoint written in the transaction of the change that caused it (an outbox), and
 * every attempt of each delivery. `next_attempt_at` is when a pending delivery is due; the sweep claims due ones by
 * moving it forward (a lease), so two instances never send one delivery at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("lab_webhook_endpoints")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("lab_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("events", sql`text[]`, (c) => c.notNull())
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    .addColumn("enabled", "boolean", (c) => c.notNull().defaultTo(true))
    // 'lab' (turned off by the lab) or 'failing' (by Latent, after days of failed deliveries); null while enabled.
    .addColumn("disabled_reason", "text")
    // The first failed attempt since the last success; null while deliveries succeed.
    .addColumn("failing_since", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("lab_webhook_endpoints_lab").on("lab_webhook_endpoints").columns(["lab_id", "created_at"]).execute();

  await db.schema
    .createTable("lab_webhook_deliveries")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("endpoint_id", "uuid", (c) => c.notNull().references("lab_webhook_endpoints.id").onDelete("cascade"))
    .addColumn("lab_id", "text", (c) => c.notNull())
    // The `webhook-id` header: one per event, kept by every attempt and resend.
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    // The exact body, so every attempt signs and sends the same bytes.
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempt_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz")
    // The last attempt's outcome, for the endpoints' list (every attempt is in lab_webhook_attempts).
    .addColumn("last_attempt_at", "timestamptz")
    .addColumn("last_status_code", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lab_webhook_deliveries_endpoint")
    .on("lab_webhook_deliveries")
    .columns(["endpoint_id", "created_at", "id"])
    .execute();
  await sql`create index lab_webhook_deliveries_due on lab_webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);

  await db.schema
    .createTable("lab_webhook_attempts")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("delivery_id", "uuid", (c) => c.notNull().references("lab_webhook_deliveries.id").onDelete("cascade"))
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lab_webhook_attempts_delivery").on("lab_webhook_attempts").columns(["delivery_id", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["lab_webhook_attempts", "lab_webhook_deliveries", "lab_webhook_endpoints"])
    await db.schema.dropTable(table).execute();
}
