import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { insertSettingIfAbsent, readSetting } from "../db/settings.store.ts";

/**
 * The server's own secret (signs media links, realtime tickets and unsubscribe links; seals TOTP secrets): SECRET_KEY
 * if configured, else one generated once and kept in `settings`, so every instance and restart signs alike.
 */
export async function loadUrlSigningSecret(db: Kysely<Database>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await readSetting<string>(db, "url_signing_secret");
  if (existing) return existing;
  await insertSettingIfAbsent(db, "url_signing_secret", randomBytes(32).toString("base64url"));
  return loadUrlSigningSecret(db, configured);
}
