import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts secrets kept at rest (a store's access token, an integration secret) with AES-256-GCM under a key
 * derived from the server's secret for one purpose (HKDF-SHA256, `info` = the purpose): a leaked database alone
 * reveals none of them, and a key of one purpose opens nothing of another. Each value is bound to its `context`
 * (additional data, e.g. `lab-1:shopify-token`), so a sealed value copied to another row or lab does not open.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, Buffer.alloc(0), `latent:${purpose}`, 32));
  return {
    /** The sealed form of `plain`, bound to `context`. */
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
    },
    /** The plain value of a sealed one; throws when it was altered, or sealed under another key or context. */
    open(sealed: string, context: string): string {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
