import type { Kysely } from "kysely";

/**
 * Issue 29: a lab that receives a customer's roll by its sticker scans into a roll of its own in the new order (its
 * storage, its upload screen), which names the customer's roll it copies. The customer's roll keeps the timeline; on
 * claim the copy's shots join it and the copy goes. A customer's roll deleted first leaves a plain order roll.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("films")
    .addColumn("customer_film_id", "uuid", (c) => c.references("films.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("films_customer_film_id").on("films").column("customer_film_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("films_customer_film_id").execute();
  await db.schema.alterTable("films").dropColumn("customer_film_id").execute();
}
