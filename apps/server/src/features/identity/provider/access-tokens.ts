import { randomUUID } from "node:crypto";
import { IDENTITY_SCOPES, ROLE_SCOPES, ROLES } from "@latent/domain/api";
import { importJWK, type JWK, SignJWT } from "jose";

export interface MintOptions {
  sub: string;
  email: string;
  role: "user" | "lab";
  scopes?: readonly string[];
  /** Seconds of validity; negative gives an already expired token (tests). */
  expiresIn?: number;
  audience?: string;
  /**
   * The `email_verified` claim, default true. It counts only for a subject without an embedded account row (tests'
   * random subjects): an account's own confirmation state wins (decision 0015).
   */
  emailVerified?: boolean;
  /** Seconds since the epoch for `iat` (tests of tokens issued before a password change). */
  issuedAt?: number;
}

/**
 * Signs an API access token with the embedded provider's key: the same shape oidc-provider issues.
 * Used by `npm run token`, benchmarks and tests.
 */
export function createTokenMinter(key: JWK, settings: { issuer: string; audience: string; rolesClaim: string; clientId: string }) {
  return async (o: MintOptions): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = o.expiresIn ?? 3600;
    return new SignJWT({
      scope: (o.scopes ?? [...IDENTITY_SCOPES, ...ROLE_SCOPES[o.role]]).join(" "),
      [settings.rolesClaim]: [o.role === "lab" ? ROLES.lab : ROLES.user],
      email: o.email,
      email_verified: o.emailVerified ?? true,
      client_id: settings.clientId,
    })
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt" })
      .setIssuer(settings.issuer)
      .setAudience(o.audience ?? settings.audience)
      .setSubject(o.sub)
      .setJti(randomUUID())
      .setIssuedAt(o.issuedAt ?? (expiresIn < 0 ? now + expiresIn - 3600 : now))
      .setExpirationTime(now + expiresIn)
      .sign(await importJWK(key, "RS256"));
  };
}

export type TokenMinter = ReturnType<typeof createTokenMinter>;
