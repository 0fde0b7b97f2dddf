import { type Kysely, sql } from "kysely";

/**
 * Share links their owner can manage: a link can be revoked (it opens nothing from then on, whatever its expiry)
 * and counts how many times the shared roll was opened through it. A roll's links are listed by roll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("share_links")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("opens", "integer", (c) => c.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema.createIndex("share_links_film_id").on("share_links").column("film_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("share_links_film_id").execute();
  await db.schema.alterTable("share_links").dropColumn("opens").dropColumn("revoked_at").execute();
}
