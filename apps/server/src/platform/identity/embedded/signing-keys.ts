import { randomBytes, randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

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
  const existing = await db.selectFrom("settings").select("value").where("key", "=", "identity_secrets").executeTakeFirst();
  if (existing) return existing.value as IdentitySecrets;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: "RS256", use: "sig" };
  const secrets: IdentitySecrets = { jwks: [jwk], cookieKeys: [randomBytes(32).toString("base64url")] };
  await db
    .insertInto("settings")
    .values({ key: "identity_secrets", value: JSON.stringify(secrets) })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return loadIdentitySecrets(db);
}

/** The public half of private JWKs, for token verification. */
export function publicJwks(keys: JWK[]): { keys: JWK[] } {
  return { keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK) };
}

/** Secret for signed media links: SECRET_KEY if configured, else one generated and stored once. */
export async function loadUrlSigningSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await db.selectFrom("settings").select("value").where("key", "=", "url_signing_secret").executeTakeFirst();
  if (existing) return existing.value as string;
  await db
    .insertInto("settings")
    .values({ key: "url_signing_secret", value: JSON.stringify(randomBytes(32).toString("base64url")) })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return loadUrlSigningSecret(db, configured);
}
