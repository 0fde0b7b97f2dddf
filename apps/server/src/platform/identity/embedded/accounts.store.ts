import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("accounts").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findAccountById(db: Kysely<Database>, id: string) {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Inserts an account; returns undefined when the email is already taken. */
export function insertAccount(
  db: Kysely<Database>,
  account: { id: string; email: string; passwordHash: string; role: "user" | "lab"; locale: string | null },
) {
  return db
    .insertInto("accounts")
    .values({
      id: account.id,
      email: account.email.trim().toLowerCase(),
      password_hash: account.passwordHash,
      role: account.role,
      locale: account.locale,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Blocks or unblocks signing in with an account; answers whether an account had that email. */
export async function setAccountBlocked(db: Kysely<Database>, email: string, blocked: boolean): Promise<boolean> {
  const row = await db
    .updateTable("accounts")
    .set({ blocked })
    .where("email", "=", email.trim().toLowerCase())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
