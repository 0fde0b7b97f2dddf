import { createPublicKey } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import type { TestServer } from "./harness.ts";

/**
 * Tokens that must never open a private route: expired, and forged by the classic tricks against JWT checks, each
 * carrying the claims of a real token of `sub` (so only the forgery itself can be the reason it is refused).
 */
export async function badTokens(s: TestServer, sub: string, email: string): Promise<Record<string, string>> {
  const genuine = await s.token({ sub, email });
  const claims = decodeJwt(genuine);
  const { kid } = decodeProtectedHeader(genuine);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64url");

  const jwks = (await (await fetch(`${s.base}/oidc/.well-known/jwks.json`)).json()) as { keys: JWK[] };
  const published = jwks.keys.find((k) => k.kid === kid) ?? jwks.keys[0]!;
  // "HS256 with the public key": a verifier that lets the token pick its algorithm would take the PEM as the secret.
  const pem = createPublicKey({ key: published as never, format: "jwk" }).export({ type: "spki", format: "pem" });
  const { privateKey: stranger } = await generateKeyPair("RS256", { extractable: true });

  return {
    expired: await s.token({ sub, email, expiresIn: -3600 }),
    "alg none": `${b64({ alg: "none", typ: "at+jwt", kid })}.${b64(claims)}.`,
    "HS256 with the public key": await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid })
      .sign(new TextEncoder().encode(String(pem))),
    "another key, same kid": await new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: kid ?? (await exportJWK(stranger)).kid })
      .sign(stranger),
    "wrong audience": await s.token({ sub, email, audience: "https://elsewhere.example/api" }),
  };
}
