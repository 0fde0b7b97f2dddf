import type { Kysely } from "kysely";

/**
 * Paid once, for what was priced (issue 24): a payment checkout keeps what its seller priced (`sold`: lines, rate,
 * total), which is what its payment delivers whatever the shipment became since; a webhook event keeps the effects
 * it still owes outside the database (`follow_up`: a plan to sync, a payment to refund, a subscription to cancel), so a
 * redelivery finishes what a failure left undone instead of being answered "already done".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("checkout_sessions").addColumn("sold", "jsonb").execute();
  await db.schema.alterTable("payment_events").addColumn("follow_up", "jsonb").execute();
  await db.schema.createIndex("checkout_sessions_reference").on("checkout_sessions").column("reference").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("checkout_sessions_reference").execute();
  await db.schema.alterTable("payment_events").dropColumn("follow_up").execute();
  await db.schema.alterTable("checkout_sessions").dropColumn("sold").execute();
}
