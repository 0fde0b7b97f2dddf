import type { OrderSource, OrderStatus } from "@latent/domain/orders";
import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import type { Db } from "../../../platform/db/db-handle.ts";
import type { OrdersTable } from "../../../platform/db/schema.ts";
import { isUuid } from "../../../platform/db/uuid.ts";
import { cursorInstantSql } from "../../../platform/http/keyset-cursor.ts";

export function insertOrder(db: Db, row: Insertable<OrdersTable>) {
  return db.insertInto("orders").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Many new orders in batches (a CSV import's): a statement's parameters stay well under PostgreSQL's 65,535. */
export async function insertOrders(db: Db, rows: readonly Insertable<OrdersTable>[]) {
  const made: Selectable<OrdersTable>[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    made.push(
      ...(await db
        .insertInto("orders")
        .values(rows.slice(i, i + 500))
        .returningAll()
        .execute()),
    );
  }
  return made;
}

/** Which of these references the lab's orders already hold, compared ignoring capitals (lower-cased answers). */
export async function existingReferences(db: Db, labId: string, references: readonly string[]) {
  if (references.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("orders")
    .select(sql<string>`lower(reference)`.as("reference"))
    .where("lab_id", "=", labId)
    .where(
      sql<string>`lower(reference)`,
      "in",
      references.map((r) => r.toLowerCase()),
    )
    .execute();
  return new Set(rows.map((row) => row.reference));
}

export function findOrder(db: Db, labId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.selectFrom("orders").selectAll().where("id", "=", id).where("lab_id", "=", labId).executeTakeFirst();
}

/** An order by the hash of its link's code (the code itself is never stored). */
export function findOrderByShareHash(db: Db, hash: string) {
  return db.selectFrom("orders").selectAll().where("share_code_hash", "=", hash).executeTakeFirst();
}

export function findOrderById(db: Db, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The order a store's order became, if it was imported before. */
export function findImported(db: Db, labId: string, source: OrderSource, externalId: string) {
  return db
    .selectFrom("orders")
    .select("id")
    .where("lab_id", "=", labId)
    .where("source", "=", source)
    .where("external_id", "=", externalId)
    .executeTakeFirst();
}

/** A search with a word to find (the database splits text the same way: letters and digits make words). */
const hasWords = (q: string | undefined): q is string => q !== undefined && /[\p{L}\p{N}]/u.test(q);

/**
 * One page of the lab's orders, newest first, and one more to tell whether another page follows: keyset on
 * (created_at, id) after the cursor's order, so orders made meanwhile never shift a later page. Every word of
 * `search` is a prefix of a word of the reference, the customer's name or email, accents and capitals ignored
 * (0030's `search_doc`, under a GIN index). `page_at` is the cursor's instant.
 */
export function listOrders(
  db: Db,
  labId: string,
  q: { status?: OrderStatus | undefined; search?: string | undefined; limit: number; after?: readonly [string, string] | undefined },
) {
  const { after } = q;
  return db
    .selectFrom("orders")
    .selectAll()
    .select(cursorInstantSql("created_at").as("page_at"))
    .where("lab_id", "=", labId)
    .$if(q.status !== undefined, (qb) => qb.where("status", "=", q.status!))
    .$if(hasWords(q.search), (qb) => qb.where(sql<boolean>`search_doc @@ search_query(${q.search})`))
    .$if(after !== undefined, (qb) => qb.where(sql<boolean>`(created_at, id) < (${after![0]}::timestamptz, ${after![1]})`))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(q.limit + 1)
    .execute();
}

export function updateOrderRow(db: Db, labId: string, id: string, values: Updateable<OrdersTable>) {
  return db
    .updateTable("orders")
    .set((eb) => ({
      ...values,
      // A new or removed link password moves its generation on in the statement itself: two changes at once never
      // share one, so an unlock of either ends.
      ...(values.share_password_hash === undefined ? {} : { share_password_generation: eb("share_password_generation", "+", 1) }),
      updated_at: new Date(),
    }))
    .where("id", "=", id)
    .where("lab_id", "=", labId)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Deletes the order; one from a store is remembered as deleted (call inside a transaction: both or neither), so the
 * store's replays do not make it again. False when the lab has no such order.
 */
export async function deleteOrderRow(db: Db, labId: string, id: string) {
  const row = await db
    .deleteFrom("orders")
    .where("id", "=", id)
    .where("lab_id", "=", labId)
    .returning(["source", "external_id"])
    .executeTakeFirst();
  if (!row) return false;
  if (row.source !== "manual" && row.external_id !== null) {
    await db
      .insertInto("deleted_store_orders")
      .values({ lab_id: labId, source: row.source, external_id: row.external_id })
      .onConflict((oc) => oc.columns(["lab_id", "source", "external_id"]).doNothing())
      .execute();
  }
  return true;
}

/** Whether the lab deleted the order a store sends again. */
export async function isDeletedStoreOrder(db: Db, labId: string, source: Exclude<OrderSource, "manual">, externalId: string) {
  const row = await db
    .selectFrom("deleted_store_orders")
    .select("lab_id")
    .where("lab_id", "=", labId)
    .where("source", "=", source)
    .where("external_id", "=", externalId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks an order's rolls as added to the customer's account (collected), once: false when it already was. */
export async function markClaimed(db: Db, id: string, userId: string, at: Date) {
  const row = await db
    .updateTable("orders")
    .set({ claimed_at: at, user_id: userId, status: "collected", updated_at: at })
    .where("id", "=", id)
    .where("claimed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** What the claim moved, counted as the rolls left the lab (inside the claim's transaction). */
export async function recordCollection(db: Db, id: string, moved: { rolls: number; scans: number; bytes: number }) {
  await db
    .updateTable("orders")
    .set({ collected_rolls: moved.rolls, collected_scans: moved.scans, collected_bytes: moved.bytes })
    .where("id", "=", id)
    .execute();
}

export async function countOrdersByStatus(db: Db, labId: string) {
  const rows = await db
    .selectFrom("orders")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("lab_id", "=", labId)
    .groupBy("status")
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Customers of this lab: those who added one of its orders to their account (the claim sets user_id), by name or email. */
export function listLabCustomers(db: Db, labId: string, search: string) {
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // An order put back to waiting (its email removed) names no customer to pick.
  return db
    .selectFrom("orders")
    .select(["user_id", sql<string>`max(user_name)`.as("name"), sql<string>`max(user_email)`.as("email")])
    .where("lab_id", "=", labId)
    .where("user_id", "is not", null)
    .where("user_email", "is not", null)
    .where((eb) => eb.or([eb("user_name", "ilike", like), eb("user_email", "ilike", like)]))
    .groupBy("user_id")
    .limit(20)
    .execute();
}

/**
 * Whether an order's link, by its id, is still the order's current one, open and not yet collected (the grant behind
 * its media and zip links): replacing the code, its expiry and the customer's claim each end it.
 */
export async function isOrderShareActive(db: Db, shareId: string, now: Date, downloads = false) {
  if (!isUuid(shareId)) return false;
  let query = db
    .selectFrom("orders")
    .select("id")
    .where("share_id", "=", shareId)
    .where("share_expires_at", ">", now)
    .where("claimed_at", "is", null);
  // The link's downloads turned off stop its originals and zips, whenever they were handed out (issue 31).
  if (downloads) query = query.where("share_downloads", "=", true);
  const row = await query.executeTakeFirst();
  return Boolean(row);
}

/**
 * A deleted account's orders: a lab's own orders go (their rolls go with the lab's rolls, in films); where the user
 * was another lab's customer, the order stays that lab's record of its customer (name, email, phone as the lab
 * entered them) and only forgets which account claimed it. Answers the rows deleted and unlinked.
 */
export async function deleteAllOrdersOfUser(db: Db, userId: string) {
  await db.deleteFrom("deleted_store_orders").where("lab_id", "=", userId).execute();
  const deleted = await db.deleteFrom("orders").where("lab_id", "=", userId).executeTakeFirst();
  const unlinked = await db.updateTable("orders").set({ user_id: null }).where("user_id", "=", userId).executeTakeFirst();
  return { deleted: Number(deleted.numDeletedRows), unlinked: Number(unlinked.numUpdatedRows) };
}
