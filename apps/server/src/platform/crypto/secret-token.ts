import { createHash, randomBytes } from "node:crypto";

/**
 * The secret in a link or a hand-out (a share or order link's code, a confirmation or reset link, an integration's
 * state): 256 random bits, URL-safe. Only its hash is stored, so a copy of the database opens nothing.
 */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: secretTokenHash(token) };
}

/** How a secret token is stored and looked up: its SHA-256, in hex. */
export const secretTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
