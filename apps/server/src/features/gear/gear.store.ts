import type { GearKind } from "@latent/domain/gear";
import { toCount } from "../../platform/db/database.ts";
import type { Db } from "../../platform/db/db-handle.ts";
import { isUuid } from "../../platform/db/uuid.ts";

/** Ids that cannot exist are answered like foreign ones, without asking the database. */
export const isGearId = isUuid;

export function listGear(db: Db, kind: GearKind, userId: string) {
  return db.selectFrom(kind).selectAll().where("user_id", "=", userId).orderBy("created_at", "asc").execute();
}

export function insertGear(db: Db, kind: GearKind, userId: string, metadata: object) {
  return db
    .insertInto(kind)
    .values({ user_id: userId, metadata: JSON.stringify(metadata) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateGear(db: Db, kind: GearKind, userId: string, id: string, metadata: object) {
  return db
    .updateTable(kind)
    .set({ metadata: JSON.stringify(metadata) })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteGear(db: Db, kind: GearKind, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom(kind).where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** True when the id names a camera (or lens) of this user. */
export async function ownsGear(db: Db, kind: GearKind, userId: string, id: string): Promise<boolean> {
  if (!isGearId(id)) return false;
  const row = await db.selectFrom(kind).select("id").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row);
}

/** Cameras and lenses together: the plan limits them as one count. */
export async function countGear(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("cameras").select(eb.fn.countAll().as("n")).where("user_id", "=", userId).as("cameras"),
      eb.selectFrom("lenses").select(eb.fn.countAll().as("n")).where("user_id", "=", userId).as("lenses"),
    ])
    .executeTakeFirstOrThrow();
  return toCount(row.cameras) + toCount(row.lenses);
}

/** Deletes every camera and lens of the user (the account is being deleted); answers how many of each went. */
export async function deleteAllGearOfUser(db: Db, userId: string) {
  const cameras = await db.deleteFrom("cameras").where("user_id", "=", userId).executeTakeFirst();
  const lenses = await db.deleteFrom("lenses").where("user_id", "=", userId).executeTakeFirst();
  return { cameras: Number(cameras.numDeletedRows), lenses: Number(lenses.numDeletedRows) };
}
