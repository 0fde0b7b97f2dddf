import { type Insertable, sql, type Updateable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { ShipmentsTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";

/** Each item with what can still be bought: its stock less the live holds of open checkouts (but `except`'s own). */
export function listInventory(db: Db, now: Date, except?: string) {
  return db
    .selectFrom("inventory_items as i")
    .selectAll("i")
    .select((eb) =>
      eb
        .selectFrom("stock_holds as h")
        .select(sql<number>`coalesce(sum(h.quantity), 0)::int`.as("held"))
        .whereRef("h.item_id", "=", "i.id")
        .where("h.expires_at", ">", now)
        .$if(except !== undefined, (q) => q.where("h.shipment_id", "!=", except!))
        .as("held"),
    )
    .orderBy("i.position")
    .orderBy("i.id")
    .execute();
}

/**
 * Locks the items' rows for the rest of the transaction, in id order (so two checkouts never wait on each other in
 * a cycle): holds and sales of these items then happen one checkout at a time.
 */
export async function lockItems(tx: Db, ids: string[]) {
  if (ids.length === 0) return;
  await tx.selectFrom("inventory_items").select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
}

/** The shipment's holds become these (an earlier checkout of the same shipment gives its hold back). */
export async function replaceHolds(tx: Db, shipmentId: string, holds: { item_id: string; quantity: number }[], expiresAt: Date) {
  await tx.deleteFrom("stock_holds").where("shipment_id", "=", shipmentId).execute();
  if (holds.length === 0) return;
  await tx
    .insertInto("stock_holds")
    .values(holds.map((h) => ({ shipment_id: shipmentId, item_id: h.item_id, quantity: h.quantity, expires_at: expiresAt })))
    .execute();
}

export async function attachHolds(db: Db, shipmentId: string, sessionId: string) {
  await db.updateTable("stock_holds").set({ checkout_session_id: sessionId }).where("shipment_id", "=", shipmentId).execute();
}

/** Drops a shipment's holds: all of them, or only those of one checkout (a later checkout's hold stays). */
export async function deleteHolds(db: Db, shipmentId: string, sessionId?: string | null) {
  await db
    .deleteFrom("stock_holds")
    .where("shipment_id", "=", shipmentId)
    .$if(sessionId !== undefined && sessionId !== null, (q) => q.where("checkout_session_id", "=", sessionId!))
    .execute();
}

/** Whether an open checkout holds stock for the shipment now (a hold past its time holds nothing). */
export async function hasLiveHolds(db: Db, shipmentId: string, now: Date) {
  const row = await db
    .selectFrom("stock_holds")
    .select("item_id")
    .where("shipment_id", "=", shipmentId)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return Boolean(row);
}

/** Takes sold packs out of stock; answers false when there were not enough (the row is left as it was). */
export async function takeFromStock(tx: Db, itemId: string, quantity: number): Promise<boolean> {
  const row = await tx
    .updateTable("inventory_items")
    .set((eb) => ({ quantity: eb("quantity", "-", quantity) }))
    .where("id", "=", itemId)
    .where("quantity", ">=", quantity)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** The operator's restock: sets an item's stock. */
export function setStock(db: Db, productId: string, quantity: number) {
  return db.updateTable("inventory_items").set({ quantity }).where("product_id", "=", productId).returning("id").executeTakeFirst();
}

export function insertShipment(db: Db, row: Insertable<ShipmentsTable>) {
  return db.insertInto("shipments").values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateShipmentRow(db: Db, userId: string, id: string, values: Updateable<ShipmentsTable>) {
  return db
    .updateTable("shipments")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

export function findShipment(db: Db, userId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db.selectFrom("shipments").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

/** A shipment by id alone, locked, for the payment's event (its checkout already names the buyer). */
export function lockShipment(tx: Db, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return tx.selectFrom("shipments").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export function listShipments(db: Db, userId: string) {
  return db.selectFrom("shipments").selectAll().where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id").execute();
}

/** The operator's moves along the life cycle, by shipment id. */
export function setShipmentStatus(db: Db, id: string, values: Updateable<ShipmentsTable>) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .updateTable("shipments")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the user's shipments and the stock their open checkouts held (the account is being deleted). */
export async function deleteAllShipmentsOfUser(db: Db, userId: string): Promise<number> {
  const theirs = db.selectFrom("shipments").select("id").where("user_id", "=", userId);
  await db.deleteFrom("stock_holds").where("shipment_id", "in", theirs).execute();
  const result = await db.deleteFrom("shipments").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
