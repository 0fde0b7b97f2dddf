import type { Kysely, Updateable } from "kysely";
import type { AccountsTable, Database } from "../../platform/db/schema.ts";

type Db = Kysely<Database>;

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("accounts").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findAccountById(db: Kysely<Database>, id: string) {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Inserts an account; returns undefined when the email is already taken. */
export function insertAccount(
  db: Kysely<Database>,
  account: { id: string; email: string; passwordHash: string; role: "user" | "lab"; locale: string | null; emailVerified?: boolean },
) {
  return db
    .insertInto("accounts")
    .values({
      id: account.id,
      email: account.email.trim().toLowerCase(),
      password_hash: account.passwordHash,
      role: account.role,
      locale: account.locale,
      email_verified: account.emailVerified ?? false,
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

/** Changes an account's own columns (email, password, two-factor state…). */
export function updateAccount(db: Db, id: string, values: Updateable<AccountsTable>) {
  return db.updateTable("accounts").set(values).where("id", "=", id).returningAll().executeTakeFirst();
}

/**
 * Records a TOTP step as used, only if it is later than the last one: of two requests with the same code, one wins.
 * Answers whether this one did.
 */
export async function takeTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable("accounts")
    .set({ totp_last_step: step })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", String(step))]))
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** What token checks need of an account, read on every request. */
export function accountTokenState(db: Db, accountId: string) {
  return db.selectFrom("accounts").select(["email_verified", "tokens_valid_after"]).where("id", "=", accountId).executeTakeFirst();
}

/** Deletes an account row; its links, recovery codes and session records go with it (foreign keys cascade). */
export function deleteAccountRow(db: Db, accountId: string) {
  return db.deleteFrom("accounts").where("id", "=", accountId).execute();
}
