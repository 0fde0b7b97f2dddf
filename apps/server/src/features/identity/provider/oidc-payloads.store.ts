import { type Kysely, sql } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";

/** One row of oidc-provider's storage: a session, grant, code or token, keyed by its id and model name (`type`). */
export interface OidcPayloadRow {
  id: string;
  type: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
}

/** Writes a model's payload, replacing the one of the same id and type. */
export async function upsertOidcPayload(db: Kysely<Database>, row: OidcPayloadRow): Promise<void> {
  await db
    .insertInto("oidc_payloads")
    .values(row)
    .onConflict((oc) => oc.columns(["id", "type"]).doUpdateSet(row))
    .execute();
}

/** A model's row by its id, interaction uid or user code, expired or consumed ones included (the adapter decides). */
export function findOidcPayload(db: Kysely<Database>, type: string, column: "id" | "uid" | "user_code", value: string) {
  return db
    .selectFrom("oidc_payloads")
    .select(["payload", "consumed_at", "expires_at"])
    .where("type", "=", type)
    .where(column, "=", value)
    .executeTakeFirst();
}

export async function consumeOidcPayload(db: Kysely<Database>, type: string, id: string, now: Date): Promise<void> {
  await db.updateTable("oidc_payloads").set({ consumed_at: now }).where("id", "=", id).where("type", "=", type).execute();
}

export async function deleteOidcPayload(db: Kysely<Database>, type: string, id: string): Promise<void> {
  await db.deleteFrom("oidc_payloads").where("id", "=", id).where("type", "=", type).execute();
}

/** Every code and token issued under a grant, and the grant itself. */
export async function deleteOidcPayloadsOfGrant(db: Kysely<Database>, grantId: string): Promise<void> {
  await db.deleteFrom("oidc_payloads").where("grant_id", "=", grantId).execute();
}

/**
 * A pairing code's row as stored, expired or used ones included (the adapter's own lookup hides those), so the
 * confirmation can tell a wrong code from an expired or used one.
 */
export async function findDeviceCodeRow(db: Kysely<Database>, userCode: string) {
  const row = await db
    .selectFrom("oidc_payloads")
    .select(["payload", "consumed_at", "expires_at"])
    .where("type", "=", "DeviceCode")
    .where("user_code", "=", userCode)
    .executeTakeFirst();
  if (!row) return undefined;
  const payload = row.payload as { clientId?: string; accountId?: string; error?: string };
  return {
    clientId: payload.clientId ?? null,
    expired: row.expires_at !== null && row.expires_at.getTime() < Date.now(),
    used: row.consumed_at !== null || Boolean(payload.accountId) || Boolean(payload.error),
  };
}

/** The account's grants of one client that are still alive. */
export async function aliveClientGrantIds(db: Kysely<Database>, accountId: string, clientId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("oidc_payloads")
    .select("id")
    .where("type", "=", "Grant")
    .where(sql<string>`payload->>'accountId'`, "=", accountId)
    .where(sql<string>`payload->>'clientId'`, "=", clientId)
    .where((w) => w.or([w("expires_at", "is", null), w("expires_at", ">", now)]))
    .execute();
  return rows.map((r) => r.id);
}

/** Removes the rows whose lifetime has ended (the identity.prune-expired job); answers how many went. */
export async function pruneOidcPayloads(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("oidc_payloads").where("expires_at", "<", new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether a grant (one signed-in session) still exists: its access tokens count only while it does. */
export async function grantAlive(db: Kysely<Database>, grantId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("oidc_payloads")
    .select("id")
    .where("type", "=", "Grant")
    .where("id", "=", grantId)
    .where((w) => w.or([w("expires_at", "is", null), w("expires_at", ">", now)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** The account's grants that are still alive. */
export async function aliveGrantIds(db: Kysely<Database>, accountId: string, now: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom("oidc_payloads")
    .select("id")
    .where("type", "=", "Grant")
    .where(sql<string>`payload->>'accountId'`, "=", accountId)
    .where((w) => w.or([w("expires_at", "is", null), w("expires_at", ">", now)]))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Signs the account out of the embedded provider: its grants with their refresh tokens and codes, and its
 * browser sessions, except the grant `keep` (the session making the request) and the browser session holding it;
 * only the grant `only` when given (ending one session). Answers the ids of the grants it ended.
 */
export async function revokeAccountGrants(
  db: Kysely<Database>,
  accountId: string,
  options: { keep?: string | null; only?: string } = {},
): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const grants = await tx
      .selectFrom("oidc_payloads")
      .select("id")
      .where("type", "=", "Grant")
      .where(sql<string>`payload->>'accountId'`, "=", accountId)
      .$if(options.only !== undefined, (qb) => qb.where("id", "=", options.only!))
      .execute();
    const ids = grants.map((g) => g.id).filter((id) => id !== options.keep);
    if (ids.length) {
      await tx.deleteFrom("oidc_payloads").where("grant_id", "in", ids).execute();
      await tx.deleteFrom("oidc_payloads").where("type", "=", "Grant").where("id", "in", ids).execute();
    }
    // Browser sessions: a session left behind would sign its browser in again at once, with a fresh grant.
    const sessions = await tx
      .selectFrom("oidc_payloads")
      .select(["id", "payload"])
      .where("type", "=", "Session")
      .where(sql<string>`payload->>'accountId'`, "=", accountId)
      .execute();
    const grantsOf = (payload: unknown) =>
      Object.values((payload as { authorizations?: Record<string, { grantId?: string }> }).authorizations ?? {}).map((a) => a.grantId);
    const ended = sessions
      .filter((s) => {
        const held = grantsOf(s.payload);
        if (options.keep && held.includes(options.keep)) return false;
        return options.only === undefined || held.includes(options.only);
      })
      .map((s) => s.id);
    if (ended.length) await tx.deleteFrom("oidc_payloads").where("type", "=", "Session").where("id", "in", ended).execute();
    return ids;
  });
}
