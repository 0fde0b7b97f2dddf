import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;
export type GearKind = "cameras" | "lenses";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids that cannot exist are answered like foreign ones, without asking the database. */
export const isGearId = (id: string) => UUID.test(id);

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
