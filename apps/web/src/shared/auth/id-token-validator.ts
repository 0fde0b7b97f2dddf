import { compactVerify, createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JWK, type JWTPayload } from "jose";
import { IdTokenError } from "./id-token-error.ts";

/** Clock skew allowed on exp, iat and nbf (spec §9: token leeway 60 s). */
export const ID_TOKEN_LEEWAY_S = 60;

/** The only signing algorithm accepted (spec §5). */
const ALGORITHM = "RS256";

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** The nonce sent with the authorize request; null when the token came from a refresh (no request to match). */
  nonce: string | null;
  /** The organization the provider must name in `org_id`; null when none is configured. */
  organization: string | null;
  /** The provider's public keys (its JWKS). */
  keys: () => Promise<JWK[]>;
  /** Seconds since the epoch; the clock by default. */
  now?: number;
}

/**
 * Validates an ID token as spec §5 asks: 3 parts, RS256 signed by one of the provider's keys, issuer, sub, audience
 * (and azp with several audiences), nonce, exp/iat numeric with 60 s leeway, nbf, and the organization when one is
 * configured. oidc-client-ts checks only sub and nonce; the rest is done here. Returns the claims.
 */
export async function validateIdToken(token: string, expected: IdTokenExpectations): Promise<JWTPayload> {
  const { header, claims } = decode(token);
  if (header.alg !== ALGORITHM) {
    throw new IdTokenError(`Signature algorithm of "${header.alg}" is not supported; the ID token must be signed with "RS256"`);
  }
  checkClaims(claims, expected, expected.now ?? Math.floor(Date.now() / 1000));
  const keys = await expected.keys();
  try {
    await compactVerify(token, createLocalJWKSet({ keys }), { algorithms: [ALGORITHM] });
  } catch {
    throw new IdTokenError("Invalid ID token signature");
  }
  return claims;
}

function decode(token: string) {
  const undecodable = new IdTokenError("ID token could not be decoded");
  if (typeof token !== "string" || token.split(".").length !== 3) throw undecodable;
  try {
    return { header: decodeProtectedHeader(token), claims: decodeJwt(token) };
  } catch {
    throw undecodable;
  }
}

function checkClaims(claims: JWTPayload, expected: IdTokenExpectations, now: number) {
  const fail = (message: string): never => {
    throw new IdTokenError(message);
  };
  if (claims.iss !== expected.issuer) {
    fail(`Issuer (iss) claim mismatch in the ID token; expected "${expected.issuer}", found "${claims.iss ?? ""}"`);
  }
  if (typeof claims.sub !== "string" || !claims.sub) fail("Subject (sub) claim must be a string present in the ID token");

  const audiences = typeof claims.aud === "string" ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!audiences.includes(expected.clientId)) {
    fail(`Audience (aud) claim mismatch in the ID token; expected "${expected.clientId}" but found "${audiences.join(", ")}"`);
  }
  if (audiences.length > 1) {
    if (typeof claims.azp !== "string") {
      fail("Authorized Party (azp) claim must be a string present in the ID token when Audience (aud) claim has multiple values");
    }
    if (claims.azp !== expected.clientId) {
      fail(`Authorized Party (azp) claim mismatch in the ID token; expected "${expected.clientId}", found "${claims.azp}"`);
    }
  }

  if (expected.nonce !== null && claims.nonce !== expected.nonce) {
    fail(`Nonce (nonce) claim mismatch in the ID token; expected "${expected.nonce}", found "${claims.nonce ?? ""}"`);
  }

  if (typeof claims.exp !== "number") fail("Expiration Time (exp) claim must be a number present in the ID token");
  if (typeof claims.iat !== "number") fail("Issued At (iat) claim must be a number present in the ID token");
  const exp = claims.exp as number;
  if (now > exp + ID_TOKEN_LEEWAY_S) {
    fail(`Expiration Time (exp) claim error in the ID token; current time (${now}) is after expiration time (${exp})`);
  }
  const iat = claims.iat as number;
  if (now < iat - ID_TOKEN_LEEWAY_S) {
    fail(`Issued At (iat) claim error in the ID token; current time (${now}) is before issued at time (${iat})`);
  }
  if (claims.nbf !== undefined) {
    if (typeof claims.nbf !== "number") fail("Not Before time (nbf) claim must be a number in the ID token");
    if (now < (claims.nbf as number) - ID_TOKEN_LEEWAY_S) {
      fail(
        `Not Before time (nbf) claim in the ID token indicates that this token can't be used just yet; current time (${now}) is before ${claims.nbf}`,
      );
    }
  }

  if (expected.organization !== null) {
    const org = claims.org_id;
    if (typeof org !== "string") fail("Organization Id (org_id) claim must be a string present in the ID token");
    if (org !== expected.organization) {
      fail(`Organization Id (org_id) claim mismatch in the ID token; expected "${expected.organization}", found "${org}"`);
    }
  }
}
