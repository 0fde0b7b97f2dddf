import { type Kysely, sql } from "kysely";

/**
 * Issue 26: a lab learns that its customer collected an order. The claim records what it moved (rolls, finished
 * scans, bytes) as the rolls leave the lab, since the lab keeps nothing to count afterwards, and the order becomes
 * `collected`. Orders claimed before this keep null counts: what they moved can no longer be told apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("collected_rolls", "integer")
    .addColumn("collected_scans", "integer")
    .addColumn("collected_bytes", "bigint")
    .execute();
  await sql`update orders set status = 'collected' where claimed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update orders set status = 'sent' where status = 'collected'`.execute(db);
  await db.schema.alterTable("orders").dropColumn("collected_rolls").dropColumn("collected_scans").dropColumn("collected_bytes").execute();
}
