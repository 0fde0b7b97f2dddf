import { ROLES, type Scope } from "@latent/domain/api";
import { createLocalJWKSet, createRemoteJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from "jose";
import { AppError } from "../http/app-error.ts";

export interface Caller {
  sub: string;
  email: string | null;
  name: string | null;
  /** The language chosen at sign-up, when the provider tells it. */
  locale: string | null;
  role: "user" | "lab";
  scopes: Set<Scope | string>;
  expiresAt: number;
  /**
   * Whether the email is confirmed: the embedded provider's account row (so a confirmation counts at once), else
   * the token's `email_verified` claim (an external provider's, or a dev token's for a subject without account).
   */
  emailVerified: boolean;
  /** The embedded provider's grant (signed-in session) the token was issued under; null for dev tokens. */
  grantId: string | null;
}

/** The embedded provider's per-request view of an account (decision 0015). */
export type AccountTokenState = (
  accountId: string,
  grantId: string | null,
) => Promise<{ emailVerified: boolean; tokensValidAfter: Date | null; grantAlive: boolean | null } | undefined>;

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  rolesClaim: string;
  /** Remote JWKS address (external provider) … */
  jwksUrl?: string;
  /** … or the keys themselves (embedded provider). */
  jwks?: () => Promise<JSONWebKeySet>;
  /**
   * Embedded provider only: checked on every verification, never cached here (a sign-out or confirmation counts at
   * once); the API's guard keeps passed checks in the caller-checks memo, which such changes make stale.
   */
  accountState?: AccountTokenState;
}

export type TokenVerifier = (token: string) => Promise<Caller>;

const CACHE_LIMIT = 10_000;

/**
 * Checks access tokens per spec §5: RS256 only, issuer, audience, sub, exp/iat/nbf with 60 s leeway.
 * A verified token is cached until it expires so a busy client does not pay the signature check per request.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  let keySet: ReturnType<typeof createRemoteJWKSet> | ReturnType<typeof createLocalJWKSet> | undefined;
  const keys = async () => {
    if (keySet) return keySet;
    if (options.jwks) keySet = createLocalJWKSet(await options.jwks());
    else keySet = createRemoteJWKSet(new URL(options.jwksUrl ?? `${options.issuer.replace(/\/$/, "")}/.well-known/jwks.json`));
    return keySet;
  };
  const cache = new Map<string, Caller & { issuedAt: number }>();

  const withAccountState = async (caller: Caller & { issuedAt: number }): Promise<Caller> => {
    const state = options.accountState ? await options.accountState(caller.sub, caller.grantId) : undefined;
    if (!state) {
      // A session's token outlives neither its grant nor its account.
      if (options.accountState && caller.grantId) throw new AppError("unauthorized");
      return caller;
    }
    if (caller.grantId !== null) {
      if (!state.grantAlive) throw new AppError("unauthorized");
    } else if (state.tokensValidAfter && caller.issuedAt < Math.floor(state.tokensValidAfter.getTime() / 1000)) {
      // iat has whole seconds: a token of the very second of a password change is still taken.
      throw new AppError("unauthorized");
    }
    return { ...caller, emailVerified: state.emailVerified };
  };

  return async (token) => {
    const cached = cache.get(token);
    if (cached && cached.expiresAt * 1000 > Date.now()) return withAccountState(cached);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await keys(), {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ["RS256"],
        clockTolerance: 60,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError("token-expired");
      // Not an expired session but a token that fails its checks: forged, or meant for someone else. Operators want to know.
      throw new AppError("unauthorized").noted(`token refused (${err instanceof errors.JOSEError ? err.code : "not a JWT"})`);
    }
    if (typeof payload.sub !== "string" || !payload.sub || typeof payload.exp !== "number" || typeof payload.iat !== "number") {
      throw new AppError("unauthorized");
    }
    const roles = payload[options.rolesClaim];
    const roleList = Array.isArray(roles) ? roles : typeof roles === "string" ? [roles] : [];
    const caller: Caller & { issuedAt: number } = {
      sub: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      name: typeof payload.name === "string" ? payload.name : null,
      locale: typeof payload.locale === "string" ? payload.locale : null,
      role: roleList.includes(ROLES.lab) ? "lab" : "user",
      scopes: new Set(typeof payload.scope === "string" ? payload.scope.split(" ") : []),
      expiresAt: payload.exp,
      emailVerified: payload.email_verified === true,
      grantId: typeof payload.gid === "string" ? payload.gid : null,
      issuedAt: payload.iat,
    };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(token, caller);
    return withAccountState(caller);
  };
}
