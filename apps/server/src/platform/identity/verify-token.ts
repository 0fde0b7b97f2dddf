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
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  rolesClaim: string;
  /** Remote JWKS address (external provider) … */
  jwksUrl?: string;
  /** … or the keys themselves (embedded provider). */
  jwks?: () => Promise<JSONWebKeySet>;
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
  const cache = new Map<string, Caller>();

  return async (token) => {
    const cached = cache.get(token);
    if (cached && cached.expiresAt * 1000 > Date.now()) return cached;
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
      throw new AppError("unauthorized");
    }
    if (typeof payload.sub !== "string" || !payload.sub || typeof payload.exp !== "number" || typeof payload.iat !== "number") {
      throw new AppError("unauthorized");
    }
    const roles = payload[options.rolesClaim];
    const roleList = Array.isArray(roles) ? roles : typeof roles === "string" ? [roles] : [];
    const caller: Caller = {
      sub: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      name: typeof payload.name === "string" ? payload.name : null,
      locale: typeof payload.locale === "string" ? payload.locale : null,
      role: roleList.includes(ROLES.lab) ? "lab" : "user",
      scopes: new Set(typeof payload.scope === "string" ? payload.scope.split(" ") : []),
      expiresAt: payload.exp,
    };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(token, caller);
    return caller;
  };
}
