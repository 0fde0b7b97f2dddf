import type { Kysely } from "kysely";

/**
 * Issue 26: a lab's order mail says who sent it and where replies go. `labs.contact_email` is the address customers'
 * replies reach (null: the lab account's own); `outbox.from_name` keeps the display name a mail was sent under, so
 * the operator reading the outbox sees what a customer would.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("labs").addColumn("contact_email", "text").execute();
  await db.schema.alterTable("outbox").addColumn("from_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").dropColumn("from_name").execute();
  await db.schema.alterTable("labs").dropColumn("contact_email").execute();
}
