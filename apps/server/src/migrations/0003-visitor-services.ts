import { type Kysely, sql } from "kysely";

/** Visitor services: the mail outbox, contact messages, newsletter subscriptions and open-beta registrations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Mails of the default mailer (no SMTP_URL): the operator reads them here.
  await db.schema
    .createTable("outbox")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    .addColumn("reply_to", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("outbox_created_at").on("outbox").column("created_at").execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // Empty while the mail to the operator has not gone out.
    .addColumn("mailed_at", "timestamptz")
    .execute();
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("confirm_token_hash", "text")
    .addColumn("confirm_expires_at", "timestamptz")
    .addColumn("confirmed_at", "timestamptz")
    .addColumn("unsubscribed_at", "timestamptz")
    // Set once, at the first confirmation; the shop marks it redeemed on the first paid subscription.
    .addColumn("discount_percent", "integer")
    .addColumn("discount_redeemed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("newsletter_subscriptions_email")
    .unique()
    .on("newsletter_subscriptions")
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex("newsletter_subscriptions_confirm_token")
    .unique()
    .on("newsletter_subscriptions")
    .column("confirm_token_hash")
    .execute();

  await db.schema
    .createTable("beta_registrations")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("formats", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One registration per address whatever its case, even for two requests at the same instant.
  await db.schema.createIndex("beta_registrations_email").unique().on("beta_registrations").expression(sql`lower(email)`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["beta_registrations", "newsletter_subscriptions", "contact_messages", "outbox"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
