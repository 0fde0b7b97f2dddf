import type { Insertable, Kysely } from "kysely";
import type { AccountLinksTable, Database } from "../../../platform/db/schema.ts";

type Db = Kysely<Database>;

export function insertLink(db: Db, link: Insertable<AccountLinksTable>) {
  return db.insertInto("account_links").values(link).execute();
}

/** A link that is still usable (unused, unexpired), without using it: the reset page shows its form only then. */
export function findUsableLink(db: Db, tokenHash: string, kind: AccountLinksTable["kind"], now: Date) {
  return db
    .selectFrom("account_links")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Uses a link once: of two requests with the same link, only one gets its row back. */
export function consumeLink(db: Db, tokenHash: string, kind: AccountLinksTable["kind"], now: Date) {
  return db
    .updateTable("account_links")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returningAll()
    .executeTakeFirst();
}

/** Ends every open link of a kind (a newer one replaces them, or the password changed). */
export function retireLinks(db: Db, accountId: string, kind: AccountLinksTable["kind"], now: Date) {
  return db
    .updateTable("account_links")
    .set({ used_at: now })
    .where("account_id", "=", accountId)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .execute();
}

export async function replaceRecoveryCodes(db: Db, accountId: string, hashes: string[]) {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("account_recovery_codes").where("account_id", "=", accountId).execute();
    if (hashes.length) {
      await tx
        .insertInto("account_recovery_codes")
        .values(hashes.map((code_hash) => ({ account_id: accountId, code_hash, used_at: null })))
        .execute();
    }
  });
}

/** Uses a recovery code once; answers whether it was one of the account's unused codes. */
export async function useRecoveryCode(db: Db, accountId: string, hash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("account_recovery_codes")
    .set({ used_at: now })
    .where("account_id", "=", accountId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .returning("code_hash")
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodesLeft(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("account_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("account_id", "=", accountId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Remembers where a new grant (a signed-in session) started. */
export function recordSession(
  db: Db,
  session: { grant_id: string; account_id: string; client_id: string; user_agent: string | null; device_name?: string | null },
) {
  return db
    .insertInto("account_sessions")
    .values(session)
    .onConflict((oc) => oc.column("grant_id").doNothing())
    .execute();
}

export function touchSession(db: Db, grantId: string, now: Date) {
  return db.updateTable("account_sessions").set({ last_seen_at: now }).where("grant_id", "=", grantId).execute();
}

/** The account's recorded sessions, newest first (the caller keeps those whose grant is alive). */
export function listSessionRecords(db: Db, accountId: string) {
  return db
    .selectFrom("account_sessions")
    .select(["grant_id", "client_id", "user_agent", "device_name", "created_at", "last_seen_at"])
    .where("account_id", "=", accountId)
    .orderBy("created_at", "desc")
    .execute();
}

export async function deleteSessionRecords(db: Db, grantIds: string[]) {
  if (grantIds.length) await db.deleteFrom("account_sessions").where("grant_id", "in", grantIds).execute();
}
