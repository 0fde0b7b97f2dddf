import { type Kysely, sql } from "kysely";

/**
 * Issue 30, orders in bulk: a lab's orders list stays fast at 10,000 orders. Pages are keyset on (created_at, id),
 * newest first, with or without a status; a search reads one GIN index over each order's words (`search_doc`: the
 * reference and its parts, the customer's name, the email, its address and domain and their words), folded and split
 * as the archive search folds its own (0026's `search_vector`; the query goes through `search_query`, each word a
 * prefix). A CSV import checks its
 * references against the lab's, ignoring capitals, and keeps the rolls each row announced (`rolls_expected`).
 *
 * `search_doc` is generated from `order_search_doc`, which must not change without a migration that recomputes the
 * column. The function keeps the schema it was made in: a restore computes generated columns under an empty search
 * path, where 0026's functions would not be found. The column stays out of the schema types: nothing reads it but the
 * list's search.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function order_search_doc(reference text, user_name text, user_email text) returns tsvector
    language sql immutable parallel safe strict set search_path from current as $f$
      select search_vector(
        reference || ' ' || regexp_replace(reference, '[^[:alnum:]]+', ' ', 'g') || ' ' || user_name || ' ' ||
        user_email || ' ' || replace(user_email, '@', ' ') || ' ' || regexp_replace(user_email, '[@.+_-]+', ' ', 'g'))
    $f$`.execute(db);
  // Stored, so a search compares each candidate's document as it is rather than building it again per row.
  await sql`alter table orders add column search_doc tsvector generated always as (order_search_doc(reference, user_name, user_email)) stored`.execute(
    db,
  );
  await sql`create index orders_search on orders using gin (search_doc)`.execute(db);
  await sql`create index orders_lab_page on orders (lab_id, created_at desc, id desc)`.execute(db);
  await sql`create index orders_lab_status_page on orders (lab_id, status, created_at desc, id desc)`.execute(db);
  await sql`create index orders_lab_reference on orders (lab_id, lower(reference))`.execute(db);
  // The page index leads with the same columns.
  await sql`drop index if exists orders_lab_id`.execute(db);
  await sql`alter table orders add column rolls_expected smallint check (rolls_expected between 0 and 99)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column rolls_expected`.execute(db);
  await sql`alter table orders drop column search_doc`.execute(db);
  await sql`create index orders_lab_id on orders (lab_id, created_at)`.execute(db);
  for (const index of ["orders_lab_reference", "orders_lab_status_page", "orders_lab_page"]) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
  await sql`drop function order_search_doc(text, text, text)`.execute(db);
}
