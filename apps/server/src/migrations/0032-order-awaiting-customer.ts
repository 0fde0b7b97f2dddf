import { type Kysely, sql } from "kysely";

/**
 * Issue 30: an order may wait for its customer. The CLI's hot folder makes an order for a folder no order claims
 * before anyone knows whose films it holds, so an order's email may be null until the lab fills it in (sending and the
 * customer's claim need it; sharing does not).
 *
 * 0030's `order_search_doc` is strict: a null email would null the whole document and the order would no longer be
 * found by its reference. The column is computed again over an empty email instead (the function is unchanged, so
 * no other order's document changes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders alter column user_email drop not null`.execute(db);
  // Dropping the column drops its index with it.
  await sql`alter table orders drop column search_doc`.execute(db);
  await sql`alter table orders add column search_doc tsvector generated always as (order_search_doc(reference, user_name, coalesce(user_email, ''))) stored`.execute(
    db,
  );
  await sql`create index orders_search on orders using gin (search_doc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column search_doc`.execute(db);
  // The earlier schema has no waiting order: an empty address keeps the order (it cannot be sent either way).
  await sql`update orders set user_email = '' where user_email is null`.execute(db);
  await sql`alter table orders alter column user_email set not null`.execute(db);
  await sql`alter table orders add column search_doc tsvector generated always as (order_search_doc(reference, user_name, user_email)) stored`.execute(
    db,
  );
  await sql`create index orders_search on orders using gin (search_doc)`.execute(db);
}
