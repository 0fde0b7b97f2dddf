import type { Updateable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { UsersTable } from "../../platform/db/schema.ts";

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

export async function updateUserRow(db: Db, id: string, values: Updateable<UsersTable>) {
  return db
    .updateTable("users")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the user exists and since when it is blocked: the one read every authenticated request makes. */
export function findUserStanding(db: Db, id: string) {
  return db.selectFrom("users").select(["id", "blocked_at", "inactive_since"]).where("id", "=", id).executeTakeFirst();
}

/** Users whose token carried this email (compared without case). */
export function findUsersByEmail(db: Db, email: string) {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .execute();
}

/** Users with a downgrade clean-up under way, longest first. */
export function listDowngradingUsers(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "downgrading_since"])
    .where("downgrading_since", "is not", null)
    .orderBy("downgrading_since")
    .execute();
}

/** Users inactive since before `before`, longest first. */
export function listInactiveUsersSince(db: Db, before: Date) {
  return db
    .selectFrom("users")
    .select(["id", "inactive_since"])
    .where("inactive_since", "is not", null)
    .where("inactive_since", "<", before)
    .orderBy("inactive_since")
    .execute();
}
