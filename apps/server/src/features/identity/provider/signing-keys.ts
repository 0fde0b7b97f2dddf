import { randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { insertSettingIfAbsent, readSetting } from "../../../platform/db/settings.store.ts";

export interface IdentitySecrets {
  /** Private signing keys (RS256), newest first. */
  jwks: JWK[];
  cookieKeys: string[];
}

/**
 * Signing keys and cookie keys live in the database so every instance shares them and they survive restarts.
 * Created once, on first start; concurrent first starts agree on whichever insert won.
 */
export async function loadIdentitySecrets(db: Kysely<Database>): Promise<IdentitySecrets> {
  const existing = await readSetting<IdentitySecrets>(db, "identity_secrets");
  if (existing) return existing;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "RS256", use: "sig" };
  const secrets: IdentitySecrets = { jwks: [jwk], cookieKeys: [randomBytes(32).toString("base64url")] };
  await insertSettingIfAbsent(db, "identity_secrets", secrets);
  return loadIdentitySecrets(db);
}

/** The public half of private JWKs, for token verification. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return { keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK) };
}
