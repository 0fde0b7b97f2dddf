import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness.ts";

/** An external provider reduced to what the API needs from it: its published keys. */
describe("an external OpenID provider instead of the embedded one", () => {
  let s: TestServer;
  let provider: Server;
  let issuer: string;
  let sign: (claims: Record<string, unknown>, audience?: string) => Promise<string>;
  /** A token from the provider's second key, published without `alg` (as some providers do), in any algorithm. */
  let signBare: (alg: "RS256" | "PS256", from?: string) => Promise<string>;
  const audience = "https://api.latent.example";

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: "ext-1", alg: "RS256", use: "sig" };
    const bare = await generateKeyPair("RS256", { extractable: true });
    const bareJwk: JWK = { ...(await exportJWK(bare.publicKey)), kid: "ext-2", use: "sig" };
    const barePrivate = await exportJWK(bare.privateKey);
    provider = createServer((req, res) => {
      if (req.url === "/.well-known/jwks.json") return res.end(JSON.stringify({ keys: [jwk, bareJwk] }));
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => provider.listen(0, "127.0.0.1", r));
    issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/`;
    sign = (claims, aud = audience) =>
      new SignJWT({ scope: "openid read:user read:camera", ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "ext-1" })
        .setIssuer(issuer)
        .setAudience(aud)
        .setSubject("auth0|12345")
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey);
    signBare = async (alg, from = issuer) =>
      new SignJWT({ scope: "openid read:user" })
        .setProtectedHeader({ alg, kid: "ext-2" })
        .setIssuer(from)
        .setAudience(audience)
        .setSubject("auth0|67890")
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(await importJWK(barePrivate, alg));
    s = await startServer("pglite", { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience, ROLES_CLAIM: "https://latent.example/roles" });
  });
  afterAll(async () => {
    await s?.close();
    provider?.close();
  });

  it("accepts the provider's tokens and reads roles from the configured claim", async () => {
    const token = await sign({ "https://latent.example/roles": ["LatentLab"], email: "lab@example.com" });
    const me = await s.api("/api/user", { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user_id: "auth0|12345", role: "lab" });
  });

  it("refuses its tokens for another audience, and turns the embedded provider off", async () => {
    expect((await s.api("/api/user", { token: await sign({}, "https://other.example") })).status).toBe(401);
    expect((await s.api("/oidc/.well-known/openid-configuration")).status).toBe(404);
    expect((await s.api("/api/config")).body.identity).toMatchObject({ embedded: false, authority: issuer });
  });

  it("refuses a token signed with the provider's key for the API's audience by another issuer", async () => {
    expect((await s.api("/api/user", { token: await signBare("RS256") })).status).toBe(200);
    const other = await s.api("/api/user", { token: await signBare("RS256", "https://id.elsewhere.example/") });
    expect(other.status).toBe(401);
    expect(other.body.error).toBe("unauthorized");
  });

  it("refuses a PS256 token made with a published key that names no algorithm: RS256 only", async () => {
    const res = await s.api("/api/user", { token: await signBare("PS256") });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("unauthorized");
  });
});
