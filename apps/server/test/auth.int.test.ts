import { randomUUID } from "node:crypto";
import { SCOPES } from "@latent/domain/api";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roll } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

describe.each(DATABASES)("token checks on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it("refuses a request without a token", async () => {
    const res = await s.api("/api/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "unauthorized", message: "Invalid session" });
  });

  it("refuses an expired token with token-expired", async () => {
    const res = await s.api("/api/user", { token: await s.token({ expiresIn: -120 }) });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("token-expired");
  });

  it("accepts a token that expired within the 60 s leeway", async () => {
    const res = await s.api("/api/user", { token: await s.token({ expiresIn: -30 }) });
    expect(res.status).toBe(200);
  });

  it("refuses a token for another audience", async () => {
    const res = await s.api("/api/user", { token: await s.token({ audience: "https://someone-else.example/api" }) });
    expect(res.status).toBe(401);
  });

  it("refuses a token signed by another key", async () => {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = await exportJWK(privateKey);
    const config = await s.api("/api/config");
    const forged = await new SignJWT({ scope: SCOPES.join(" "), roles: ["LatentUser"] })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setIssuer(config.body.identity.authority)
      .setAudience(config.body.identity.audience)
      .setSubject("intruder")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    expect(jwk.kty).toBe("RSA");
    expect((await s.api("/api/user", { token: forged })).status).toBe(401);
  });

  it("refuses a malformed token", async () => {
    expect((await s.api("/api/user", { token: "not.a.jwt" })).status).toBe(401);
    expect((await s.api("/api/user", { headers: { authorization: "Basic abc" } })).status).toBe(401);
  });

  it("answers 403 when the token lacks the route's scope", async () => {
    const token = await s.token({ scopes: ["openid", "read:user"] });
    expect((await s.api("/api/user", { token })).status).toBe(200);
    const res = await s.api("/api/cameras", { token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("forbidden");
    expect(res.body.message).toContain("read:camera");
  });

  it("answers 403 to a write route when the token can only read it, and changes nothing", async () => {
    const sub = randomUUID();
    const full = await s.token({ sub });
    expect((await s.api("/api/user/privacy-policy", { method: "POST", token: full })).status).toBe(200);
    const readOnly = await s.token({ sub, scopes: ["openid", "read:film", "read:user"] });
    expect((await s.api("/api/film/", { token: readOnly })).status).toBe(200);
    const res = await s.api("/api/film/", { method: "POST", token: readOnly, body: roll });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "forbidden", message: "Missing scope: write:film" });
    expect((await s.api("/api/film/", { token: full })).body).toEqual([]);
    // The same roll with the write scope is taken: the refusal was the scope's alone.
    expect((await s.api("/api/film/", { method: "POST", token: full, body: roll })).status).toBe(201);
  });

  it("creates the user from the token's claims on the first call, with the lab role from the roles claim", async () => {
    const lab = await s.api("/api/user", { token: await s.token({ role: "lab", email: "lab@example.com" }) });
    // A lab keeps its customers' scans until they collect them: it works with the largest plan's limits.
    expect(lab.body).toMatchObject({ role: "lab", email: "lab@example.com", plan: "unlimited", policy_accepted: false });
    const photographer = await s.api("/api/user", { token: await s.token({ role: "user" }) });
    expect(photographer.body.role).toBe("user");
  });
});
