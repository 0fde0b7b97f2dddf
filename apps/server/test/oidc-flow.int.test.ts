import { createHash, randomBytes } from "node:crypto";
import { IDENTITY_SCOPES, SCOPES } from "@latent/domain/api";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieBrowser } from "./cookie-browser.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/** A browser-like client in French: keeps cookies, follows nothing by itself. */
const browser = (base: string) => cookieBrowser(base, { acceptLanguage: "fr-FR,fr;q=0.9" });

const verifier = randomBytes(32).toString("base64url");
const challenge = createHash("sha256").update(verifier).digest("base64url");

async function authorize(s: TestServer, b: ReturnType<typeof browser>, extra: Record<string, string> = {}) {
  const config = (await s.api("/api/config")).body;
  const redirectUri = config.identity.authority.replace(/\/oidc$/, "/callback");
  const params = new URLSearchParams({
    client_id: config.identity.client_id,
    response_type: "code",
    scope: [...IDENTITY_SCOPES, "offline_access", ...SCOPES].join(" "),
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "state-1",
    nonce: "nonce-1",
    ...extra,
  });
  const res = await b.request(`/oidc/authorize?${params}`);
  expect(res.status).toBe(303);
  const interaction = res.headers.get("location")!;
  expect(interaction).toMatch(/^\/auth\/interaction\//);
  return { interaction, redirectUri, clientId: config.identity.client_id as string };
}

/** Follows the provider's redirects until it sends the browser back to the web app with a code. */
async function followToCallback(b: ReturnType<typeof browser>, first: Response, redirectUri: string) {
  let res = first;
  for (let hops = 0; hops < 5; hops++) {
    const location = res.headers.get("location");
    expect(location).toBeTruthy();
    if (location!.startsWith(redirectUri)) return new URL(location!);
    res = await b.request(location!);
  }
  throw new Error("no callback reached");
}

describe.each(DATABASES)("embedded OpenID provider on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SIGNIN_ATTEMPTS_PER_MINUTE: "4" });
  });
  afterAll(() => s?.close());

  it("signs a lab up with code + PKCE and issues a JWT access token the API accepts", async () => {
    const b = browser(s.base);
    const { interaction, redirectUri, clientId } = await authorize(s, b, { screen_hint: "signup" });
    const page = await b.request(interaction);
    const html = await page.text();
    expect(html).toContain("Créez votre compte Latent");
    const signedUp = await b.form(`${interaction}/signup`, { email: "Lab@Example.com", password: "correct horse", role: "lab" });
    expect(signedUp.status).toBe(303);
    const callback = await followToCallback(b, signedUp, redirectUri);
    expect(callback.searchParams.get("state")).toBe("state-1");
    const code = callback.searchParams.get("code")!;

    const tokenRes = await fetch(`${s.base}/oidc/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        client_id: clientId,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const tokens = (await tokenRes.json()) as { access_token: string; refresh_token: string };
    expect(tokens.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens.access_token);
    expect(claims.roles).toEqual(["LatentLab"]);
    // A lab is given the lab's scopes (spec §6), not a photographer's gear scopes, whatever the web asked for.
    expect(String(claims.scope).split(" ")).toEqual(expect.arrayContaining(["read:order", "write:order", "write:lab", "write:film"]));
    expect(String(claims.scope)).not.toContain("write:camera");

    const me = await s.api("/api/user", { token: tokens.access_token });
    expect(me.status).toBe(200);
    // The language of the sign-up page becomes the profile's language.
    expect(me.body).toMatchObject({ role: "lab", email: "lab@example.com", locale: "fr-FR" });

    const refreshed = await fetch(`${s.base}/oidc/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId }),
    });
    expect(refreshed.status).toBe(200);
    expect((await s.api("/api/user", { token: ((await refreshed.json()) as { access_token: string }).access_token })).status).toBe(200);
  });

  it("refuses an authorization request without PKCE", async () => {
    const b = browser(s.base);
    const config = (await s.api("/api/config")).body;
    const res = await b.request(
      `/oidc/authorize?${new URLSearchParams({ client_id: config.identity.client_id, response_type: "code", scope: "openid", redirect_uri: config.identity.authority.replace(/\/oidc$/, "/callback") })}`,
    );
    expect(res.headers.get("location") ?? "").toContain("error=invalid_request");
  });

  it("signs an existing photographer in, refuses a wrong password, then throttles repeated attempts", async () => {
    const seed = browser(s.base);
    const first = await authorize(s, seed, { screen_hint: "signup" });
    await seed.form(`${first.interaction}/signup`, { email: "ana@example.com", password: "negatives!", role: "user" });

    const b = browser(s.base);
    const { interaction, redirectUri } = await authorize(s, b);
    const wrong = await b.form(`${interaction}/login`, { email: "ana@example.com", password: "wrong password" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("E-mail ou mot de passe incorrect");
    const ok = await b.form(`${interaction}/login`, { email: "ana@example.com", password: "negatives!" });
    expect(ok.status).toBe(303);
    expect((await followToCallback(b, ok, redirectUri)).searchParams.get("code")).toBeTruthy();

    const c = browser(s.base);
    const again = await authorize(s, c);
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await c.form(`${again.interaction}/login`, { email: "ana@example.com", password: "guess" })).status;
    expect(last).toBe(429);
  });

  it("tells a visitor that an email is taken or a password too short, and creates nothing", async () => {
    const b = browser(s.base);
    const { interaction } = await authorize(s, b, { screen_hint: "signup" });
    const short = await b.form(`${interaction}/signup`, { email: "new@example.com", password: "short", role: "user" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("au moins 10 caractères");
  });
});

describe("embedded OpenID provider with registration closed", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer("pglite", { REGISTRATION_OPEN: "false" });
  });
  afterAll(() => s?.close());

  it("shows the signin-blocked text instead of the sign-up form and refuses a posted sign-up", async () => {
    const b = browser(s.base);
    const { interaction } = await authorize(s, b, { screen_hint: "signup", ui_locales: "en-US" });
    const html = await (await b.request(`${interaction}?lang=en-US`)).text();
    expect(html).toContain("We are not accepting new account registrations at this time.");
    expect(html).not.toContain('name="password"');
    const posted = await b.form(`${interaction}/signup?lang=en-US`, { email: "x@example.com", password: "long enough", role: "user" });
    expect(posted.status).toBe(403);
  });
});
