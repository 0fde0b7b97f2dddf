import { type Kysely, sql } from "kysely";

/**
 * Table ownership: a user's plan moves out of `users` into `user_plans`, owned by the entitlements feature (the one
 * place that reads, locks and changes it); the realtime feed's used tickets move from process memory into a table,
 * so every instance refuses a ticket already redeemed by another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user_plans")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("plan", "text", (c) => c.notNull().defaultTo("free"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into user_plans (user_id, plan) select id, plan from users where plan <> 'free'`.execute(db);
  await db.schema.alterTable("users").dropColumn("plan").execute();

  await db.schema
    .createTable("realtime_used_tickets")
    .addColumn("nonce", "text", (c) => c.primaryKey())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("realtime_used_tickets_expires_at").on("realtime_used_tickets").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("realtime_used_tickets").execute();
  await db.schema
    .alterTable("users")
    .addColumn("plan", "text", (c) => c.notNull().defaultTo("free"))
    .execute();
  await sql`update users set plan = p.plan from user_plans p where p.user_id = users.id`.execute(db);
  await db.schema.dropTable("user_plans").execute();
}
