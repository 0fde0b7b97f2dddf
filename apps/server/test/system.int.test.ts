import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

describe.each(DATABASES)("system routes on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it("answers health and readiness with the database checked", async () => {
    expect((await s.api("/healthz")).body).toEqual({ status: "ok" });
    expect((await s.api("/readyz")).body).toEqual({ status: "ok", database: "ok" });
  });

  it("marks every response with the API version and refuses an unknown one", async () => {
    const ok = await s.api("/api/config");
    expect(ok.headers.get("latent-api-version")).toBe("2025-10-01");
    const wrong = await s.api("/api/config", { headers: { "Latent-Api-Version": "1999-01-01" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("unsupported-api-version");
  });

  it("publishes the settings the web app starts with, flags off by default", async () => {
    const { body } = await s.api("/api/config");
    expect(body.flags).toEqual({ labs: false, zip: false, tokens: false });
    expect(body.identity.embedded).toBe(true);
    expect(body.identity.authority).toMatch(/\/oidc$/);
    // No store page until the operator names one: phones then stay in the web app.
    expect(body.app_store_urls).toEqual({ ios: null, android: null });
  });

  it("describes the API in OpenAPI 3.1 with the spec's paths, and serves the docs UI", async () => {
    const { body } = await s.api("/api/openapi.json");
    expect(body.openapi).toBe("3.1.0");
    for (const path of ["/api/user", "/api/user/privacy-policy", "/api/cameras", "/api/cameras/{id}", "/api/lenses", "/api/lenses/{id}"]) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    expect((await s.api("/api/docs")).status).toBeLessThan(400);
  });

  it("answers an unknown API path with a 404 error body", async () => {
    const res = await s.api("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not-found", message: "Not found" });
  });

  it("serves the provider's discovery document under /oidc", async () => {
    const { status, body } = await s.api("/oidc/.well-known/openid-configuration");
    expect(status).toBe(200);
    expect(body.issuer).toMatch(/\/oidc$/);
    expect(body.code_challenge_methods_supported).toContain("S256");
    expect(body.jwks_uri).toMatch(/\/oidc\/\.well-known\/jwks\.json$/);
  });
});
