import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness.ts";

/** An external provider reduced to what the API needs from it: its published keys. */
describe("an external OpenID provider instead of the embedded one", () => {
  let s: TestServer;
  let provider: Server;
  let issuer: string;
  let sign: (claims: Record<string, unknown>, audience?: string) => Promise<string>;
  const audience = "https://api.latent.example";

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: "ext-1", alg: "RS256", use: "sig" };
    provider = createServer((req, res) => {
      if (req.url === "/.well-known/jwks.json") return res.end(JSON.stringify({ keys: [jwk] }));
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
});
