import { randomInt, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  LIGHTROOM_CLIENT_ID,
  LIGHTROOM_DEVICE_NAME_MAX,
  LIGHTROOM_SCOPES,
  PAIRING_CONFIRMS_PER_ACCOUNT,
  PAIRING_STARTS_PER_ADDRESS,
} from "@latent/domain/plugins";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

// Fresh addresses per run: limits held in Redis would outlive a run by up to ten minutes.
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A form post to the provider, the way the Lightroom plugin makes its OAuth requests (from `from`, behind the proxy). */
async function form(s: TestServer, path: string, fields: Record<string, string>, from = newAddress()) {
  const res = await fetch(`${s.base}/oidc${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": from },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, string> };
}

const startPairing = (s: TestServer, scope = LIGHTROOM_SCOPES.join(" "), extra: { from?: string; device_name?: string } = {}) =>
  form(
    s,
    "/device/auth",
    { client_id: LIGHTROOM_CLIENT_ID, scope, ...(extra.device_name !== undefined ? { device_name: extra.device_name } : {}) },
    extra.from,
  );
/** The person's "this is my Lightroom" confirmation of a code, from the web app. */
const confirm = (s: TestServer, token: string | undefined, code: string, headers: Record<string, string> = {}) =>
  s.api("/api/plugins/lightroom/confirm", { method: "POST", token, body: { code, device_confirmed: true }, headers });
const poll = (s: TestServer, deviceCode: string) =>
  form(s, "/oauth/token", { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: LIGHTROOM_CLIENT_ID });
const refresh = (s: TestServer, refreshToken: string) =>
  form(s, "/oauth/token", { grant_type: "refresh_token", refresh_token: refreshToken, client_id: LIGHTROOM_CLIENT_ID });

/** A signed-in person of the embedded provider (an account row) and a web token of theirs. */
async function person(s: TestServer, role: "user" | "lab" = "user") {
  const id = randomUUID();
  const email = `${id}@example.com`;
  await s.latent.identity.accounts!.create({ id, email, password: randomUUID(), role, locale: null, emailVerified: true });
  return { id, token: await s.token({ sub: id, email, role }) };
}

describe.each(DATABASES)("Lightroom pairing on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Behind a proxy each request names its client, so the tests can play several computers and networks.
    s = await startServer(kind, { TRUST_PROXY: "true" });
  });
  afterAll(() => s?.close());

  it("tells the plugin how to pair, and sends the browser to the lrcode page", async () => {
    const setup = await s.api("/api/plugins/lightroom/setup");
    expect(setup.status).toBe(200);
    expect(setup.body).toMatchObject({ available: true, client_id: LIGHTROOM_CLIENT_ID });
    expect(setup.body.device_authorization_endpoint).toMatch(/\/oidc\/device\/auth$/);
    expect(setup.body.scope.split(" ")).toContain("offline_access");

    const started = await startPairing(s);
    expect(started.status).toBe(200);
    expect(started.body.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    const complete = new URL(started.body.verification_uri_complete!);
    expect(complete.pathname).toBe("/plugins/lrcode");
    expect(complete.searchParams.get("code")).toBe(started.body.user_code);
    // The provider's own code page, should someone type its address, leads to the same page.
    const page = await fetch(`${s.base}/oidc/device?user_code=${started.body.user_code}`, { redirect: "manual" });
    expect(page.headers.get("location")).toContain(`/plugins/lrcode?code=${started.body.user_code}`);
  });

  it("pairs after the signed-in person confirms: tokens with a photographer's scopes that refresh", async () => {
    const me = await person(s);
    const started = await startPairing(s);
    expect((await poll(s, started.body.device_code!)).body.error).toBe("authorization_pending");

    // Typed by hand: lower case and without the dash counts.
    const confirmed = await confirm(s, me.token, started.body.user_code!.toLowerCase().replace("-", ""));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.client).toBe("Lightroom Classic");

    const tokens = await poll(s, started.body.device_code!);
    expect(tokens.status).toBe(200);
    expect(tokens.body.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens.body.access_token!);
    expect(claims.sub).toBe(me.id);
    const scopes = String(claims.scope).split(" ");
    expect(scopes).toEqual(expect.arrayContaining(["write:film", "read:camera", "read:lens"]));
    expect(scopes).not.toContain("write:order");
    const user = await s.api("/api/user", { token: tokens.body.access_token });
    expect(user.status).toBe(200);

    // The code pairs once.
    const again = await confirm(s, me.token, started.body.user_code!);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("pairing-code-used");

    // The refresh token is rotated and keeps the plugin paired.
    const refreshed = await refresh(s, tokens.body.refresh_token!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);
    expect((await s.api("/api/user", { token: refreshed.body.access_token })).status).toBe(200);

    const listed = await s.api("/api/plugins/lightroom", { token: me.token });
    expect(listed.status).toBe(200);
    expect(listed.body.pairing).toBe("embedded");
    expect(listed.body.pairings).toHaveLength(1);
    expect(listed.body.pairings[0].last_used_at).not.toBeNull();
    // It shows among the account's sessions by name.
    const sessions = await s.api("/api/account/sessions", { token: me.token });
    expect(sessions.body.map((x: { client: string }) => x.client)).toContain("Lightroom Classic");

    // Someone else can neither see nor end it.
    const other = await person(s);
    expect((await s.api("/api/plugins/lightroom", { token: other.token })).body.pairings).toEqual([]);
    const foreign = await s.api(`/api/plugins/lightroom/${listed.body.pairings[0].id}`, { method: "DELETE", token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("pairing-not-found");
    expect((await s.api("/api/user", { token: refreshed.body.access_token })).status).toBe(200);

    // Disconnecting ends the pairing at once: access and refresh tokens stop working.
    const ended = await s.api(`/api/plugins/lightroom/${listed.body.pairings[0].id}`, { method: "DELETE", token: me.token });
    expect(ended.status).toBe(204);
    expect((await s.api("/api/user", { token: refreshed.body.access_token })).status).toBe(401);
    expect((await refresh(s, refreshed.body.refresh_token!)).body.error).toBe("invalid_grant");
    expect((await s.api("/api/plugins/lightroom", { token: me.token })).body.pairings).toEqual([]);
  });

  it("refuses wrong and expired codes with their own errors", async () => {
    const me = await person(s);
    const wrong = await confirm(s, me.token, "BCDF-GHJK");
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe("pairing-code-not-found");

    const started = await startPairing(s);
    const userCode = started.body.user_code!.replace("-", "");
    await s.latent.db
      .updateTable("oidc_payloads")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("type", "=", "DeviceCode")
      .where("user_code", "=", userCode)
      .execute();
    const expired = await confirm(s, me.token, started.body.user_code!);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe("pairing-code-expired");
    expect((await poll(s, started.body.device_code!)).body.error).toMatch(/expired_token|invalid_grant/);
  });

  it("needs a signed-in person with write access, and gives a lab only a lab's scopes", async () => {
    const started = await startPairing(s);
    const anonymous = await confirm(s, undefined, started.body.user_code!);
    expect(anonymous.status).toBe(401);
    const me = await person(s);
    const readOnly = await s.token({ sub: me.id, scopes: ["read:user"] });
    const refused = await confirm(s, readOnly, started.body.user_code!);
    expect(refused.status).toBe(403);

    const lab = await person(s, "lab");
    expect((await confirm(s, lab.token, started.body.user_code!)).status).toBe(200);
    const tokens = await poll(s, started.body.device_code!);
    const scopes = String(decodeJwt(tokens.body.access_token!).scope).split(" ");
    expect(scopes).toContain("write:film");
    expect(scopes).not.toContain("write:camera");
  });

  it("signs every Lightroom out at once (the lrlogout page)", async () => {
    const me = await person(s);
    const tokens = [];
    for (let i = 0; i < 2; i++) {
      const started = await startPairing(s);
      await confirm(s, me.token, started.body.user_code!);
      tokens.push((await poll(s, started.body.device_code!)).body);
    }
    expect((await s.api("/api/plugins/lightroom", { token: me.token })).body.pairings).toHaveLength(2);
    expect((await s.api("/api/plugins/lightroom", { method: "DELETE", token: me.token })).status).toBe(204);
    for (const t of tokens) expect((await s.api("/api/user", { token: t.access_token })).status).toBe(401);
    // The web session that asked is still signed in.
    expect((await s.api("/api/user", { token: me.token })).status).toBe(200);
  });

  it("shows who asks with a code (the name Lightroom gave, when, from which network) and pairs only once the person says it is theirs", async () => {
    const me = await person(s);
    const before = Date.now();
    const started = await startPairing(s, undefined, { from: "203.0.113.57", device_name: "  Anna's MacBook Pro " });
    expect(started.status).toBe(200);
    const code = started.body.user_code!;
    const pending = (from: string) =>
      s.api("/api/plugins/lightroom/pending", { method: "POST", token: me.token, body: { code }, headers: { "x-forwarded-for": from } });

    const here = await pending("203.0.113.9");
    expect(here.status).toBe(200);
    expect(here.body).toMatchObject({ device: "Anna's MacBook Pro", network: "203.0.113.0/24", same_network: true });
    const asked = Date.parse(here.body.requested_at);
    expect(asked).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(asked).toBeLessThanOrEqual(Date.now());
    expect((await pending("198.51.100.4")).body).toMatchObject({ network: "203.0.113.0/24", same_network: false });

    // Without the person's "this is my Lightroom", nothing is paired and the code still waits.
    const unchecked = await s.api("/api/plugins/lightroom/confirm", { method: "POST", token: me.token, body: { code } });
    expect(unchecked.status).toBe(400);
    expect(unchecked.body).toEqual({
      error: "pairing-device-not-confirmed",
      message: "Confirm that this is your Lightroom before pairing it",
    });
    expect((await poll(s, started.body.device_code!)).body.error).toBe("authorization_pending");

    const confirmed = await confirm(s, me.token, code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.client).toBe("Anna's MacBook Pro");
    expect((await poll(s, started.body.device_code!)).status).toBe(200);
    expect((await pending("203.0.113.9")).body.error).toBe("pairing-code-used");
  });

  it("takes a device name of up to sixty printable characters and refuses a longer or unprintable one", async () => {
    const longest = "L".repeat(LIGHTROOM_DEVICE_NAME_MAX);
    expect((await startPairing(s, undefined, { device_name: longest })).status).toBe(200);
    for (const name of [`${longest}x`, "Studio\nMac"]) {
      const refused = await startPairing(s, undefined, { device_name: name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body.error).toBe("invalid_request");
    }
  });

  it("gives one address its tenth pairing code and refuses its eleventh with a clear 429, while another address still gets one", async () => {
    const studio = newAddress();
    for (let i = 0; i < PAIRING_STARTS_PER_ADDRESS; i++) {
      expect((await startPairing(s, undefined, { from: studio })).status, `code ${i + 1}`).toBe(200);
    }
    const refused = await startPairing(s, undefined, { from: studio });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: "too-many-pairing-codes",
      message: "Too many pairing codes were asked from your network: wait a few minutes before starting again in Lightroom",
    });
    expect((await startPairing(s, undefined, { from: newAddress() })).status).toBe(200);
  });

  it("lets one account look up and confirm ten codes, then refuses the eleventh from any address; another account is not held back", async () => {
    const guesser = await person(s);
    for (let i = 0; i < PAIRING_CONFIRMS_PER_ACCOUNT; i++) {
      const res = await confirm(s, guesser.token, "BCDF-GHJK", { "x-forwarded-for": newAddress() });
      expect(res.status, `try ${i + 1}`).toBe(404);
    }
    const refused = await confirm(s, guesser.token, "BCDF-GHJK", { "x-forwarded-for": newAddress() });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "too-many-pairing-confirms",
      message: "Too many pairing attempts on this account: wait a few minutes and try again",
    });
    const lookup = () =>
      s.api("/api/plugins/lightroom/pending", {
        method: "POST",
        token: guesser.token,
        body: { code: "BCDF-GHJK" },
        headers: { "x-forwarded-for": newAddress() },
      });
    for (let i = 0; i < PAIRING_CONFIRMS_PER_ACCOUNT; i++) expect((await lookup()).status, `look-up ${i + 1}`).toBe(404);
    expect((await lookup()).body.error).toBe("too-many-pairing-confirms");

    const other = await person(s);
    const started = await startPairing(s);
    expect((await confirm(s, other.token, started.body.user_code!)).status).toBe(200);
  });

  it("unpairs one Lightroom and leaves the account's other Lightrooms paired", async () => {
    const me = await person(s);
    const paired = [];
    for (const name of ["Studio iMac", "Travel laptop"]) {
      const started = await startPairing(s, undefined, { device_name: name });
      expect((await confirm(s, me.token, started.body.user_code!)).status).toBe(200);
      paired.push((await poll(s, started.body.device_code!)).body);
    }
    const [studio, travel] = paired as [Record<string, string>, Record<string, string>];
    const grantOf = (t: Record<string, string>) => String(decodeJwt(t.access_token!).gid);
    const ended = await s.api(`/api/plugins/lightroom/${grantOf(studio)}`, { method: "DELETE", token: me.token });
    expect(ended.status).toBe(204);

    expect((await s.api("/api/user", { token: studio.access_token })).status).toBe(401);
    expect((await refresh(s, studio.refresh_token!)).body.error).toBe("invalid_grant");
    expect((await s.api("/api/user", { token: travel.access_token })).status).toBe(200);
    const renewed = await refresh(s, travel.refresh_token!);
    expect(renewed.status).toBe(200);
    expect((await s.api("/api/user", { token: renewed.body.access_token })).status).toBe(200);
    const left = (await s.api("/api/plugins/lightroom", { token: me.token })).body.pairings;
    // Each is listed by the name its plugin gave, so the person can tell which one to disconnect.
    expect(left).toEqual([expect.objectContaining({ id: grantOf(travel), device: "Travel laptop" })]);
  });

  it("gives the plugin the API scopes it asked for within the account's role, and a blocked account pairs nothing", async () => {
    const me = await person(s);
    const narrow = await startPairing(s, "openid offline_access email read:film");
    const confirmed = await confirm(s, me.token, narrow.body.user_code!);
    expect(confirmed.body).toEqual({ client: "Lightroom Classic", scopes: ["read:film"] });
    const tokens = await poll(s, narrow.body.device_code!);
    expect(String(decodeJwt(tokens.body.access_token!).scope).split(" ")).toEqual(["read:film"]);
    // openid and email were asked for and kept: an ID token that names the account's address.
    expect(decodeJwt(tokens.body.id_token!)).toMatchObject({ sub: me.id, email: `${me.id}@example.com` });
    // offline_access was asked for and kept: the pairing outlives the access token.
    expect((await refresh(s, tokens.body.refresh_token!)).status).toBe(200);

    const lab = await person(s, "lab");
    const started = await startPairing(s);
    expect((await confirm(s, lab.token, started.body.user_code!)).body.scopes).toEqual([
      "read:film",
      "write:film",
      "read:user",
      "write:user",
    ]);

    const blocked = await person(s);
    await s.latent.db.updateTable("accounts").set({ blocked: true }).where("id", "=", blocked.id).execute();
    const refused = await confirm(s, blocked.token, (await startPairing(s)).body.user_code!);
    expect(refused.status).toBe(403);
  });

  it("offers the plugin as a zip holding the Latent.lrplugin folder", async () => {
    const res = await fetch(`${s.base}/api/plugins/lightroom/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("Latent.lrplugin.zip");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from("Latent.lrplugin/Info.lua"))).toBe(true);
  });
});

describe("Lightroom pairing with an external provider", () => {
  let s: TestServer;
  let provider: Server;
  let issuer: string;
  let offersDeviceFlow = true;
  let sign: () => Promise<string>;
  const audience = "https://api.latent.example";

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: "ext-1", alg: "RS256", use: "sig" };
    // The provider reduced to its keys and its discovery document, with or without a device endpoint.
    provider = createServer((req, res) => {
      if (req.url === "/.well-known/jwks.json") return res.end(JSON.stringify({ keys: [jwk] }));
      if (req.url === "/.well-known/openid-configuration") {
        return res.end(
          JSON.stringify({
            issuer,
            token_endpoint: `${issuer}oauth/token`,
            ...(offersDeviceFlow ? { device_authorization_endpoint: `${issuer}oauth/device/code` } : {}),
          }),
        );
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => provider.listen(0, "127.0.0.1", r));
    issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/`;
    sign = () =>
      new SignJWT({ scope: "openid read:user write:user" })
        .setProtectedHeader({ alg: "RS256", kid: "ext-1" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject("auth0|lightroom")
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey);
    s = await startServer("pglite", { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience });
  });
  afterAll(async () => {
    await s?.close();
    provider?.close();
  });

  it("points the plugin and the lrcode page at the provider, which confirms codes itself", async () => {
    const setup = await s.api("/api/plugins/lightroom/setup");
    expect(setup.body).toMatchObject({ available: true, device_authorization_endpoint: `${issuer}oauth/device/code`, audience });
    const token = await sign();
    const status = await s.api("/api/plugins/lightroom", { token });
    expect(status.body).toEqual({ pairing: "external", provider_origin: new URL(issuer).origin, pairings: [] });
    const confirm = await s.api("/api/plugins/lightroom/confirm", { method: "POST", token, body: { code: "BCDF-GHJK" } });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error).toBe("pairing-unavailable");
  });

  it("says pairing is unavailable when the provider has no device flow", async () => {
    offersDeviceFlow = false;
    const s2 = await startServer("pglite", { OIDC_ISSUER: issuer, OIDC_AUDIENCE: audience });
    try {
      expect((await s2.api("/api/plugins/lightroom/setup")).body.available).toBe(false);
      expect((await s2.api("/api/plugins/lightroom", { token: await sign() })).body.pairing).toBe("unavailable");
    } finally {
      await s2.close();
    }
  });
});
