import type { Kysely, Transaction, Updateable } from "kysely";
import { toCount } from "../../platform/db/database.ts";
import type { Database, UsersTable } from "../../platform/db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Creates the user row on first sight of a token's subject; later calls leave it untouched. */
export async function ensureUserRow(
  db: Db,
  user: { id: string; email: string | null; name: string | null; role: "user" | "lab"; locale: string | null },
) {
  await db
    .insertInto("users")
    .values({ id: user.id, email: user.email, name: user.name ?? "", role: user.role, locale: user.locale })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

export function findUser(db: Db, id: string) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Locks the user's row for the rest of the transaction: capacity checks count, then insert, without races. */
export async function lockUser(db: Transaction<Database>, id: string) {
  return db.selectFrom("users").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function updateUserRow(db: Db, id: string, values: Updateable<UsersTable>) {
  return db
    .updateTable("users")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function countGear(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom("cameras").select(eb.fn.countAll().as("n")).where("user_id", "=", userId).as("cameras"),
      eb.selectFrom("lenses").select(eb.fn.countAll().as("n")).where("user_id", "=", userId).as("lenses"),
    ])
    .executeTakeFirstOrThrow();
  return toCount(row.cameras) + toCount(row.lenses);
}
