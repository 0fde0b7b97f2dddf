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

/** Deletes the user's row; answers how many rows went. */
export async function deleteUserRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Remembers a deleted account's subject (hashed) until `expiresAt`, and forgets those already past theirs. */
export async function rememberDeletedSubject(db: Db, subjectHash: string, expiresAt: Date, now: Date) {
  await db.deleteFrom("deleted_subjects").where("expires_at", "<", now).execute();
  await db
    .insertInto("deleted_subjects")
    .values({ subject_hash: subjectHash, expires_at: expiresAt })
    .onConflict((oc) => oc.column("subject_hash").doUpdateSet({ expires_at: expiresAt }))
    .execute();
}

/** Whether this subject (hashed) belonged to an account deleted recently enough that its tokens may still be valid. */
export async function isDeletedSubject(db: Db, subjectHash: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("deleted_subjects")
    .select("subject_hash")
    .where("subject_hash", "=", subjectHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}
