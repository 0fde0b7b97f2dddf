import type { Kysely } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../../db/schema.ts";

/** oidc-provider's storage (sessions, grants, codes, tokens) in PostgreSQL, so sign-ins survive a restart. */
export function createOidcAdapterClass(db: Kysely<Database>) {
  return class PgAdapter implements Adapter {
    private readonly type: string;
    constructor(name: string) {
      this.type = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const row = {
        id,
        type: this.type,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto("oidc_payloads")
        .values(row)
        .onConflict((oc) => oc.columns(["id", "type"]).doUpdateSet(row))
        .execute();
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string) {
      const row = await db
        .selectFrom("oidc_payloads")
        .select(["payload", "consumed_at", "expires_at"])
        .where("type", "=", this.type)
        .where(column, "=", value)
        .executeTakeFirst();
      if (!row || (row.expires_at && row.expires_at.getTime() < Date.now())) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumed_at ? { consumed: true } : {}) };
    }

    find(id: string) {
      return this.findWhere("id", id);
    }
    findByUid(uid: string) {
      return this.findWhere("uid", uid);
    }
    findByUserCode(userCode: string) {
      return this.findWhere("user_code", userCode);
    }

    async consume(id: string) {
      await db.updateTable("oidc_payloads").set({ consumed_at: new Date() }).where("id", "=", id).where("type", "=", this.type).execute();
    }
    async destroy(id: string) {
      await db.deleteFrom("oidc_payloads").where("id", "=", id).where("type", "=", this.type).execute();
    }
    async revokeByGrantId(grantId: string) {
      await db.deleteFrom("oidc_payloads").where("grant_id", "=", grantId).execute();
    }
  };
}

/** Removes expired rows; run now and then. */
export async function pruneOidcPayloads(db: Kysely<Database>) {
  await db.deleteFrom("oidc_payloads").where("expires_at", "<", new Date()).execute();
}
