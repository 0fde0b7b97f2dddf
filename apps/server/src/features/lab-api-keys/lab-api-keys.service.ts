import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  apiScopesOfKey,
  type CreatedLabKey,
  type CreateLabKeyBody,
  LAB_KEY_PATTERN,
  LAB_KEY_PREFIX,
  LAB_KEYS_MAX,
  type LabKey,
  type LabKeyScope,
  labKeyNameProblem,
} from "@latent/domain/lab-api-keys";
import type { Kysely } from "kysely";
import { newSecretToken, secretTokenHash } from "../../platform/crypto/secret-token.ts";
import type { Database } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { Caller } from "../../platform/identity/verify-token.ts";
import { deleteKeysOfLab, findLiveKey, insertKeyIfRoom, listLiveKeys, noteKeyUse, revokeKey } from "./lab-api-keys.store.ts";

/** A key's last use is written at most this often: every write makes the caller-checks memo stale (decision 0021). */
export const KEY_USE_RESOLUTION_MS = 60_000;
/**
 * How long a key's caller is good for before its checks run again. The caller-checks memo keeps it for at most its
 * TTL and only while nothing it read changed (a revocation changes it), so this bounds nothing in practice.
 */
const KEY_CALLER_SECONDS = 300;

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** 16 characters of a-z and 2-7: 80 random bits, enough that an id is never drawn twice. */
function newKeyId() {
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => ID_ALPHABET[b & 31]).join("");
}

type KeyRow = { id: string; name: string; scopes: string[]; created_at: Date; last_used_at: Date | null };

const toLabKey = (row: KeyRow): LabKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as LabKeyScope[],
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

export type LabApiKeysService = ReturnType<typeof createLabApiKeysService>;

export function createLabApiKeysService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** The lab's live keys, never their tokens. */
    async list(labId: string): Promise<LabKey[]> {
      return (await listLiveKeys(db, labId)).map(toLabKey);
    },

    /** Makes a key; its token is in this answer only (the store keeps its hash). */
    async create(labId: string, body: CreateLabKeyBody): Promise<CreatedLabKey> {
      const problem = labKeyNameProblem(body.name);
      if (problem) throw new AppError(problem);
      const scopes = [...new Set(body.scopes)];
      if (!scopes.length) throw new AppError("lab-key-scopes-required");
      const id = newKeyId();
      const token = `${LAB_KEY_PREFIX}${id}_${newSecretToken().token}`;
      const row = await insertKeyIfRoom(
        db,
        { id, lab_id: labId, name: body.name.trim(), scopes, token_hash: secretTokenHash(token), created_at: now() },
        LAB_KEYS_MAX,
      );
      if (!row) throw new AppError("lab-keys-limit");
      return { ...toLabKey(row), token };
    },

    /** Revokes one of the lab's keys: refused from the next request on, on every instance. */
    async revoke(labId: string, id: string) {
      if (!(await revokeKey(db, labId, id, now()))) throw new AppError("lab-key-not-found");
    },

    /** Deletes every key of the lab (its account is being deleted). */
    removeAllOfLab: (labId: string) => deleteKeysOfLab(db, labId),

    /**
     * The caller a key's token stands for: the lab's account with only the key's scopes. A malformed, unknown or
     * revoked token is 401 `unauthorized`; the token's hash is compared in constant time.
     */
    async verify(token: string): Promise<Caller> {
      const match = LAB_KEY_PATTERN.exec(token);
      if (!match) throw new AppError("unauthorized").noted("API key refused (malformed)");
      const key = await findLiveKey(db, match[1]!);
      const given = Buffer.from(secretTokenHash(token), "hex");
      // Hashed even for an unknown id, so the answer takes the same time whether the id exists or not.
      const stored = Buffer.from(key?.token_hash ?? "", "hex");
      if (!key || stored.length !== given.length || !timingSafeEqual(stored, given)) {
        throw new AppError("unauthorized").noted("API key refused (unknown or revoked)");
      }
      const at = now();
      if (!key.last_used_at || at.getTime() - key.last_used_at.getTime() >= KEY_USE_RESOLUTION_MS) {
        await noteKeyUse(db, key.id, at, new Date(at.getTime() - KEY_USE_RESOLUTION_MS));
      }
      return {
        sub: key.lab_id,
        email: null,
        name: null,
        locale: null,
        role: "lab",
        scopes: apiScopesOfKey(key.scopes as LabKeyScope[]),
        expiresAt: Math.floor(Date.now() / 1000) + KEY_CALLER_SECONDS,
        emailVerified: false,
        grantId: null,
      };
    },
  };
}
