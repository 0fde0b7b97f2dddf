import type { Db } from "../../platform/db/db-handle.ts";

/** A sticker by its hash or its canonical short id. */
export function findSticker(db: Db, ref: { hash?: string; shortId?: string }) {
  return db
    .selectFrom("stickers")
    .selectAll()
    .$if(ref.hash !== undefined, (q) => q.where("hash", "=", ref.hash!))
    .$if(ref.shortId !== undefined, (q) => q.where("short_id", "=", ref.shortId!))
    .executeTakeFirst();
}

/** The caller's stickers, a shipment's in the order they were printed. */
export function listStickers(db: Db, userId: string, shipmentId?: string) {
  return db
    .selectFrom("stickers")
    .selectAll()
    .where("user_id", "=", userId)
    .$if(shipmentId !== undefined, (q) => q.where("shipment_id", "=", shipmentId!))
    .orderBy("created_at", "desc")
    .orderBy("shipment_id")
    .orderBy("position")
    .execute();
}

/** The positions a shipment's stickers already hold (on its sheet, in the order printed). */
export async function shipmentStickerPositions(db: Db, shipmentId: string): Promise<number[]> {
  const rows = await db.selectFrom("stickers").select("position").where("shipment_id", "=", shipmentId).execute();
  return rows.map((r) => r.position);
}

/** Inserts what it can; a hash or short id already taken (a 40-bit short id may collide) is skipped, not an error. */
export async function insertStickers(
  db: Db,
  rows: { hash: string; short_id: string; user_id: string; shipment_id: string; position: number }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("stickers")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("hash")
    .execute();
  return inserted.length;
}

/** Deletes the user's stickers (the account is being deleted); answers how many went. */
export async function deleteAllStickersOfUser(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom("stickers").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
