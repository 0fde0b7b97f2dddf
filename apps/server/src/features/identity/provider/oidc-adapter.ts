import type { Kysely } from "kysely";
import type { Adapter, AdapterPayload } from "oidc-provider";
import type { Database } from "../../../platform/db/schema.ts";
import {
  consumeOidcPayload,
  deleteOidcPayload,
  deleteOidcPayloadsOfGrant,
  findOidcPayload,
  upsertOidcPayload,
} from "./oidc-payloads.store.ts";

/** oidc-provider's storage (sessions, grants, codes, tokens) in PostgreSQL, so sign-ins survive a restart. */
export function createOidcAdapterClass(db: Kysely<Database>, grantsEnded: (grantIds: string[]) => void = () => {}) {
  return class PgAdapter implements Adapter {
    private readonly type: string;
    constructor(name: string) {
      this.type = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      await upsertOidcPayload(db, {
        id,
        type: this.type,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string) {
      const row = await findOidcPayload(db, this.type, column, value);
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
      await consumeOidcPayload(db, this.type, id, new Date());
    }
    async destroy(id: string) {
      await deleteOidcPayload(db, this.type, id);
      if (this.type === "Grant") grantsEnded([id]);
    }
    async revokeByGrantId(grantId: string) {
      await deleteOidcPayloadsOfGrant(db, grantId);
      grantsEnded([grantId]);
    }
  };
}
