import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IDENTITY_SCOPES } from "@latent/domain/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieBrowser } from "./cookie-browser.ts";
import { startServer, type TestServer } from "./harness.ts";

/** The directives of a Content-Security-Policy header, by name. */
const csp = (res: Response) =>
  Object.fromEntries(
    String(res.headers.get("content-security-policy"))
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );

// Headers do not depend on the database: one engine (PGlite) is enough here.
describe("security headers", () => {
  let s: TestServer;
  let dist: string;
  const get = (path: string, init: RequestInit = {}) => fetch(`${s.base}${path}`, { redirect: "manual", ...init });

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "latent-dist-"));
    await writeFile(join(dist, "index.html"), "<!doctype html><html><head><title>Latent</title></head><body></body></html>");
    s = await startServer("pglite", { WEB_DIST: dist });
  });
  afterAll(async () => {
    await s?.close();
    await rm(dist, { recursive: true, force: true });
  });

  /** What every kind of response carries, whatever page it is. */
  const expectBaseline = (res: Response) => {
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    // Served over plain http here: no HSTS, and no upgrading of requests a LAN server could not answer.
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const policy = csp(res);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
    expect(policy["script-src"]).not.toContain("'unsafe-eval'");
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
    return policy;
  };
  const expectUnframable = (res: Response) => {
    expect(csp(res)["frame-ancestors"]).toEqual(["'none'"]);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  };

  it("keeps the web app's pages unframable and the share pages' codes out of any Referer", async () => {
    for (const path of ["/", "/film?code=SECRET", "/order?code=SECRET", "/purchase", "/u/home", "/no-such-page"]) {
      const res = await get(path, { headers: { accept: "text/html" } });
      expect(res.headers.get("content-type"), path).toContain("text/html");
      const policy = expectBaseline(res);
      expectUnframable(res);
      // Mantine writes <style> tags; a picked photo's preview is a blob: URL.
      expect(policy["style-src"]).toContain("'unsafe-inline'");
      expect(policy["img-src"]).toEqual(expect.arrayContaining(["'self'", "blob:", "data:"]));
    }
  });

  it("lets the web app frame its own silent sign-in (provider and /callback) and nobody else", async () => {
    const callback = await get("/callback?code=x&state=y", { headers: { accept: "text/html" } });
    expect(callback.status).toBe(200);
    expect(csp(callback)["frame-ancestors"]).toEqual(["'self'"]);
    expect(callback.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const discovery = await get("/oidc/.well-known/openid-configuration");
    expect(discovery.status).toBe(200);
    expectBaseline(discovery);
    expect(csp(discovery)["frame-ancestors"]).toEqual(["'self'"]);
    expect(csp(discovery)["frame-src"]).toEqual(["'self'"]);
  });

  it("never lets the sign-in page be framed", async () => {
    const config = (await s.api("/api/config")).body;
    const b = cookieBrowser(s.base);
    const params = new URLSearchParams({
      client_id: config.identity.client_id,
      response_type: "code",
      scope: IDENTITY_SCOPES.join(" "),
      redirect_uri: config.identity.authority.replace(/\/oidc$/, "/callback"),
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
    const authorize = await b.request(`/oidc/authorize?${params}`);
    const interaction = authorize.headers.get("location")!;
    expect(interaction).toMatch(/^\/auth\/interaction\//);
    const page = await b.request(interaction);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<form");
    expectBaseline(page);
    expectUnframable(page);
  });

  it("serves the API docs, the API and the sandbox payment pages under the same policy", async () => {
    const docs = await get("/api/docs");
    expect(docs.status).toBe(200);
    // swagger-ui's icons are data: images and its layout uses style attributes.
    expect(expectBaseline(docs)["img-src"]).toContain("data:");
    expectUnframable(docs);

    const json = await get("/api/film");
    expect(json.status).toBe(401);
    expectBaseline(json);

    const token = await s.token();
    const checkout = await s.api("/api/purchases/checkout", {
      method: "POST",
      token,
      body: { mode: "subscription", items: [{ plan: "artist", quantity: 1 }], currency: "eur" },
    });
    expect(checkout.status).toBe(200);
    const page = await get(new URL(checkout.body.url).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<form");
    expectBaseline(page);
    expectUnframable(page);
  });
});

describe("security headers behind https", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer("pglite", {
      PUBLIC_URL: "https://latent.example",
      OIDC_ISSUER: "https://id.example/",
      OIDC_AUDIENCE: "https://latent.example/api",
      OIDC_JWKS_URL: "https://keys.example/jwks.json",
    });
  });
  afterAll(() => s?.close());

  it("pins https (HSTS, upgraded requests) and lets the browser reach the external provider, only when the public address is https", async () => {
    const res = await fetch(`${s.base}/api/config`);
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const policy = csp(res);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://id.example", "https://keys.example"]);
    expect(policy["frame-src"]).toEqual(["'self'", "https://id.example"]);
  });
});
