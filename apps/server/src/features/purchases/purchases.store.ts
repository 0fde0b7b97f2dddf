import { type Insertable, type Selectable, sql } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { CheckoutSessionsTable, SubscriptionsTable } from "../../platform/db/schema.ts";

export type CheckoutRow = Selectable<CheckoutSessionsTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** Statuses under which a subscription gives its plan (a failed renewal keeps it while the provider retries). */
export const LIVE_STATUSES = ["active", "past_due"] as const;

export async function findCustomer(db: Db, userId: string) {
  return db.selectFrom("customers").select(["provider_customer_id"]).where("user_id", "=", userId).executeTakeFirst();
}

/** Records the user's provider customer; a concurrent first checkout keeps whichever was stored first. */
export async function saveCustomer(db: Db, userId: string, providerCustomerId: string, email: string | null) {
  await db
    .insertInto("customers")
    .values({ user_id: userId, provider_customer_id: providerCustomerId, email })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  return (await findCustomer(db, userId))!.provider_customer_id;
}

export async function userOfCustomer(db: Db, providerCustomerId: string) {
  const row = await db.selectFrom("customers").select("user_id").where("provider_customer_id", "=", providerCustomerId).executeTakeFirst();
  return row?.user_id;
}

export async function insertCheckout(db: Db, row: Insertable<CheckoutSessionsTable>) {
  await db.insertInto("checkout_sessions").values(row).execute();
}

export async function findCheckout(db: Db, id: string) {
  return db.selectFrom("checkout_sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Marks a checkout paid and complete, with the subscription it started; the row only the first time it is paid. */
export async function completeCheckout(db: Db, id: string, subscriptionId: string | null, now: Date) {
  return db
    .updateTable("checkout_sessions")
    .set({ status: "complete", paid: true, subscription_id: subscriptionId, completed_at: now })
    .where("id", "=", id)
    .where("paid", "=", false)
    .returning(["id", "user_id", "email", "discount_percent", "mode", "reference", "sold"])
    .executeTakeFirst();
}

/** The user's checkouts still open: of one mode, and for payments of one reference (the shipment) when given. */
export async function listOpenCheckouts(db: Db, userId: string, mode: CheckoutRow["mode"], reference?: string) {
  return db
    .selectFrom("checkout_sessions")
    .select(["id", "reference"])
    .where("user_id", "=", userId)
    .where("mode", "=", mode)
    .where("status", "=", "open")
    .$if(reference !== undefined, (q) => q.where("reference", "=", reference!))
    .orderBy("created_at")
    .execute();
}

/** The other checkouts of the same reference still open when one of them was paid. */
export async function otherOpenCheckouts(tx: Db, reference: string, paidId: string) {
  const rows = await tx
    .selectFrom("checkout_sessions")
    .select("id")
    .where("reference", "=", reference)
    .where("status", "=", "open")
    .where("id", "!=", paidId)
    .execute();
  return rows.map((r) => r.id);
}

/** Marks an open checkout expired (the provider gave up on it); the row when it was still open. */
export async function expireCheckout(db: Db, id: string, now: Date) {
  return db
    .updateTable("checkout_sessions")
    .set({ status: "expired", completed_at: now })
    .where("id", "=", id)
    .where("status", "=", "open")
    .returning(["id", "user_id", "mode", "reference"])
    .executeTakeFirst();
}

/** Stores a webhook event id; false when it was stored before (a redelivery). Concurrent copies wait for the first. */
export async function recordEvent(tx: Db, event: { id: string; type: string; created: number }) {
  const row = await tx
    .insertInto("payment_events")
    .values({ id: event.id, type: event.type, created: event.created })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** The effects outside the database an event still owes; null once settled (or when it owed none). */
export async function followUpOf(db: Db, eventId: string) {
  const row = await db.selectFrom("payment_events").select("follow_up").where("id", "=", eventId).executeTakeFirst();
  return row?.follow_up ?? null;
}

export async function setFollowUp(db: Db, eventId: string, followUp: object | null) {
  await db
    .updateTable("payment_events")
    .set({ follow_up: followUp === null ? null : JSON.stringify(followUp) })
    .where("id", "=", eventId)
    .execute();
}

/**
 * Writes the subscription as an event describes it, unless the row already holds a newer event's state: the
 * provider's `created` decides, so an older update delivered late never overwrites a newer one. Answers whether
 * the row was written.
 */
export async function upsertSubscription(tx: Db, row: Insertable<SubscriptionsTable>) {
  const { id: _id, user_id: _user, created_at: _created, ...changes } = row;
  const written = await tx
    .insertInto("subscriptions")
    .values(row)
    .onConflict((oc) =>
      oc.column("id").doUpdateSet(changes).where(sql<boolean>`subscriptions.last_event_created <= ${row.last_event_created}`),
    )
    .returning("id")
    .executeTakeFirst();
  return Boolean(written);
}

/** Ends a subscription, unless a newer event already wrote it; answers whether this call ended it. */
export async function endSubscription(tx: Db, id: string, eventCreated: number, now: Date) {
  const row = await tx
    .updateTable("subscriptions")
    .set({ status: "canceled", last_event_created: eventCreated, updated_at: now })
    .where("id", "=", id)
    .where(sql<boolean>`last_event_created <= ${eventCreated}`)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** Ends the operator's grants whose period is over; answers their users. */
export async function endOperatorGrants(db: Db, now: Date) {
  const rows = await db
    .updateTable("subscriptions")
    .set({ status: "canceled", updated_at: now })
    .where("source", "=", "operator")
    .where("status", "in", [...LIVE_STATUSES])
    .where("current_period_end", "<=", now)
    .returning("user_id")
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Ends a user's live subscriptions of one source (the operator records a mobile cancellation this way). */
export async function endLiveSubscriptionsOf(db: Db, userId: string, source: SubscriptionRow["source"], now: Date) {
  const rows = await db
    .updateTable("subscriptions")
    .set({ status: "canceled", updated_at: now })
    .where("user_id", "=", userId)
    .where("source", "=", source)
    .where("status", "in", [...LIVE_STATUSES])
    .returning("id")
    .execute();
  return rows.length;
}

export async function listSubscriptions(db: Db, userId: string, status?: SubscriptionRow["status"]) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .$if(status !== undefined, (q) => q.where("status", "=", status!))
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** The user's subscriptions that give a plan now. */
export async function liveSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "in", [...LIVE_STATUSES])
    .execute();
}

export async function insertInvoice(
  tx: Db,
  row: { id: string; user_id: string | null; subscription_id: string | null; status: "paid" | "failed"; currency: string; amount: number },
) {
  await tx
    .insertInto("invoices")
    .values(row)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/**
 * Deletes the user's customer record, checkouts, subscriptions and invoices here (the account is being deleted).
 * The payment provider keeps its own records (Stripe's customer and invoices), as the law asks of it. Answers the rows.
 */
export async function deleteAllPurchasesOfUser(db: Db, userId: string) {
  const counts: Record<string, number> = {};
  for (const table of ["invoices", "subscriptions", "checkout_sessions", "customers"] as const) {
    const result = await db.deleteFrom(table).where("user_id", "=", userId).executeTakeFirst();
    counts[table] = Number(result.numDeletedRows);
  }
  return counts;
}
