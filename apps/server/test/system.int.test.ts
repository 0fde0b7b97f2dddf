import { randomUUID } from "node:crypto";
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

  it("publishes the settings the web app starts with, every flag on by default", async () => {
    const { body } = await s.api("/api/config");
    expect(body.flags).toEqual({ labs: true, zip: true, tokens: true });
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
  });

  it("serves the Swagger UI page at /api/docs, which loads the OpenAPI document listing the routes", async () => {
    const page = await fetch(`${s.base}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("<title>Swagger UI</title>");
    expect(html).toContain('<div id="swagger-ui"></div>');
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(expect.arrayContaining(["/api/docs/static/swagger-ui-bundle.js", "/api/docs/static/swagger-initializer.js"]));
    for (const src of scripts) {
      const script = await fetch(`${s.base}${src}`);
      expect(script.status).toBe(200);
      expect(script.headers.get("content-type")).toContain("javascript");
      await script.arrayBuffer();
    }
    // The page's initializer points the UI at the document beside it (./json, resolved against /api/docs/).
    const initializer = await (await fetch(`${s.base}/api/docs/static/swagger-initializer.js`)).text();
    expect(initializer).toMatch(/url: resolveUrl\('\.\/json'\)/);
    const document = await s.api("/api/docs/json");
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe("3.1.0");
    expect(document.body.info.title).toBe("Latent API");
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining(["/api/film", "/api/film/{id}", "/api/film/shot/{id}/{index}/upload", "/api/cameras", "/api/public/film"]),
    );
    expect(document.body.paths).toEqual((await s.api("/api/openapi.json")).body.paths);
  });

  it("trusts no X-Forwarded-For by default (TRUST_PROXY off): a spoofed client address does not escape a limit", async () => {
    const form = (n: number) => ({
      subject: "Scans",
      reason: "support",
      email: `sender-${n}-${randomUUID()}@example.com`,
      message: "Hello",
    });
    const first = await s.api("/contact", { method: "POST", headers: { "x-forwarded-for": "10.1.1.1" }, body: form(1) });
    expect(first.status).toBe(201);
    const spoofed = await s.api("/contact", { method: "POST", headers: { "x-forwarded-for": "10.2.2.2" }, body: form(2) });
    expect(spoofed.status).toBe(429);
    expect(spoofed.body).toMatchObject({ error: "rate-limited-email", message: "Wait a minute to send the next email" });
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
