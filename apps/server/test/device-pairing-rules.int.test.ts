import { randomInt, randomUUID } from "node:crypto";
import { ROLE_SCOPES, ROLES } from "@latent/domain/api";
import { LIGHTROOM_CLIENT_ID, LIGHTROOM_SCOPES } from "@latent/domain/plugins";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * Issue 25: the pairing rules plugins.int.test.ts leaves open: which OpenID scopes a paired plugin keeps, a plugin
 * that names no scope or no device, when and from where a code was asked for, codes the lrcode page must not
 * confirm (another client's, one the provider no longer honours), a pairing whose half year is over, and unpairing
 * every Lightroom of an account that has none.
 */
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

// Fresh addresses per run: the per-address limit on new codes is held in Redis.
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A form post to the provider, the way the plugin makes its OAuth requests (behind the proxy). */
async function form(s: TestServer, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.base}/oidc${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": newAddress(), ...headers },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, string> };
}

/** The plugin asks for a code; `scope: null` leaves the parameter out. */
const startPairing = (s: TestServer, scope: string | null = LIGHTROOM_SCOPES.join(" "), headers: Record<string, string> = {}) =>
  form(s, "/device/auth", { client_id: LIGHTROOM_CLIENT_ID, ...(scope === null ? {} : { scope }) }, headers);
const poll = (s: TestServer, deviceCode: string) =>
  form(s, "/oauth/token", { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: LIGHTROOM_CLIENT_ID });
const refresh = (s: TestServer, refreshToken: string, scope?: string) =>
  form(s, "/oauth/token", {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: LIGHTROOM_CLIENT_ID,
    ...(scope === undefined ? {} : { scope }),
  });
const confirm = (s: TestServer, token: string, code: string) =>
  s.api("/api/plugins/lightroom/confirm", { method: "POST", token, body: { code, device_confirmed: true } });
const pending = (s: TestServer, token: string, code: string, from: string) =>
  s.api("/api/plugins/lightroom/pending", { method: "POST", token, body: { code }, headers: { "x-forwarded-for": from } });
const pairings = async (s: TestServer, token: string) => (await s.api("/api/plugins/lightroom", { token })).body.pairings;

async function person(s: TestServer) {
  const id = randomUUID();
  const email = `${id}@example.com`;
  await s.latent.identity.accounts!.create({ id, email, password: randomUUID(), role: "user", locale: null, emailVerified: true });
  return { id, email, token: await s.token({ sub: id, email, role: "user" }) };
}

/** Rewrites what the provider stored of a pending code (the row its user code names, stored without the dash). */
async function editCode(s: TestServer, userCode: string, edit: (payload: Record<string, unknown>) => void) {
  const stored = userCode.replace("-", "");
  const { payload } = await s.latent.db
    .selectFrom("oidc_payloads")
    .select("payload")
    .where("type", "=", "DeviceCode")
    .where("user_code", "=", stored)
    .executeTakeFirstOrThrow();
  const edited = { ...(payload as Record<string, unknown>) };
  edit(edited);
  await s.latent.db
    .updateTable("oidc_payloads")
    .set({ payload: JSON.stringify(edited) })
    .where("type", "=", "DeviceCode")
    .where("user_code", "=", stored)
    .execute();
}

describe.each(DATABASES)("device pairing rules on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // Behind a proxy each request names its client's address, so the tests can play several networks.
    s = await startServer(kind, { TRUST_PROXY: "true" });
  });
  afterAll(() => s?.close());

  it("keeps every OpenID scope a plugin asked for: an ID token with the address and role, refreshes that may name them all", async () => {
    const me = await person(s);
    const asked = "openid offline_access profile email read:user";
    const started = await startPairing(s, asked);
    expect((await confirm(s, me.token, started.body.user_code!)).status).toBe(200);
    const tokens = await poll(s, started.body.device_code!);
    expect(tokens.status).toBe(200);
    // openid gives the ID token, email its address, profile the account's role.
    expect(decodeJwt(tokens.body.id_token!)).toMatchObject({ sub: me.id, email: me.email, email_verified: true, roles: [ROLES.user] });

    // A client may name the scopes it holds when it refreshes (RFC 6749 §6): each was granted, so none is refused.
    const renewed = await refresh(s, tokens.body.refresh_token!, asked);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(decodeJwt(renewed.body.id_token!)).toMatchObject({ sub: me.id, email: me.email, roles: [ROLES.user] });
    expect((await s.api("/api/user", { token: renewed.body.access_token })).status).toBe(200);
  });

  it("refuses a refresh that names a scope the pairing was not given", async () => {
    const me = await person(s);
    // A photographer's account has no write:order: the plugin asked for it and was not given it.
    const started = await startPairing(s, "openid offline_access read:film write:order");
    expect((await confirm(s, me.token, started.body.user_code!)).body.scopes).toEqual(["read:film"]);
    const tokens = await poll(s, started.body.device_code!);
    const refused = await refresh(s, tokens.body.refresh_token!, "read:film write:order");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("invalid_scope");
    expect((await refresh(s, tokens.body.refresh_token!, "openid read:film")).status).toBe(200);
  });

  it("gives a plugin that names no scope a photographer's API scopes, a refresh token and no ID token", async () => {
    const me = await person(s);
    const started = await startPairing(s, null);
    expect(started.status).toBe(200);
    const confirmed = await confirm(s, me.token, started.body.user_code!);
    expect(confirmed.body).toEqual({ client: "Lightroom Classic", scopes: [...ROLE_SCOPES.user] });
    const tokens = await poll(s, started.body.device_code!);
    expect(String(decodeJwt(tokens.body.access_token!).scope).split(" ")).toEqual([...ROLE_SCOPES.user]);
    // It asked for no openid: no ID token, and no OpenID scope to name when refreshing.
    expect(tokens.body.id_token).toBeUndefined();
    expect((await refresh(s, tokens.body.refresh_token!, "openid")).body.error).toBe("invalid_scope");
    expect((await refresh(s, tokens.body.refresh_token!)).status).toBe(200);
  });

  it("shows when a code was asked for, not when it is looked at", async () => {
    const me = await person(s);
    const started = await startPairing(s);
    // The code was asked for five minutes ago (its lifetime is ten).
    const asked = Math.floor(Date.now() / 1000) - 300;
    await editCode(s, started.body.user_code!, (p) => {
      p.iat = asked;
    });
    const shown = await pending(s, me.token, started.body.user_code!, newAddress());
    expect(shown.status).toBe(200);
    expect(shown.body.requested_at).toBe(new Date(asked * 1000).toISOString());
  });

  it("does not say \"this network\" when neither the plugin's network nor the browser's is known", async () => {
    const me = await person(s);
    // A proxy that cannot tell the address writes "unknown" (as some do) for the plugin and for the browser alike.
    const started = await startPairing(s, undefined, { "x-forwarded-for": "unknown" });
    const shown = await pending(s, me.token, started.body.user_code!, "unknown");
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ network: null, same_network: false });
  });

  it("lists a plugin that gave no device name by what its user agent says", async () => {
    const me = await person(s);
    const started = await startPairing(s, undefined, { "user-agent": "Adobe Lightroom/13.2 (Windows 10 Pro)" });
    expect((await confirm(s, me.token, started.body.user_code!)).status).toBe(200);
    expect(await pairings(s, me.token)).toEqual([expect.objectContaining({ device: "Windows" })]);
  });

  it("refuses another client's code on the lrcode page as a wrong code, and pairs nothing with it", async () => {
    const me = await person(s);
    const started = await startPairing(s);
    // A code of a device client other than Lightroom (the web app's id stands in for one).
    const web = (await s.api("/api/config")).body.identity.client_id as string;
    await editCode(s, started.body.user_code!, (p) => {
      p.clientId = web;
    });
    const refused = await confirm(s, me.token, started.body.user_code!);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe("pairing-code-not-found");
    expect(await pairings(s, me.token)).toEqual([]);
  });

  it("answers a code the provider no longer honours as expired, not with a server error", async () => {
    const me = await person(s);
    const started = await startPairing(s);
    // The row is still there, but the provider's own record of the code says its ten minutes are over.
    await editCode(s, started.body.user_code!, (p) => {
      p.exp = Math.floor(Date.now() / 1000) - 3600;
    });
    for (const res of [
      await pending(s, me.token, started.body.user_code!, newAddress()),
      await confirm(s, me.token, started.body.user_code!),
    ]) {
      expect(res.status).toBe(410);
      expect(res.body.error).toBe("pairing-code-expired");
    }
  });

  it("no longer lists a pairing whose half year is over", async () => {
    const me = await person(s);
    const started = await startPairing(s);
    expect((await confirm(s, me.token, started.body.user_code!)).status).toBe(200);
    const tokens = await poll(s, started.body.device_code!);
    const grantId = String(decodeJwt(tokens.body.access_token!).gid);
    expect(await pairings(s, me.token)).toEqual([expect.objectContaining({ id: grantId })]);

    // The grant's lifetime ends (180 days after pairing): its expiry is now behind us.
    await s.latent.db
      .updateTable("oidc_payloads")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("type", "=", "Grant")
      .where("id", "=", grantId)
      .execute();
    expect(await pairings(s, me.token)).toEqual([]);
    expect((await s.api("/api/user", { token: tokens.body.access_token })).status).toBe(401);
  });

  it("unpairs every Lightroom of an account that has none without an error", async () => {
    const me = await person(s);
    const ended = await s.api("/api/plugins/lightroom", { method: "DELETE", token: me.token });
    expect(ended.status).toBe(204);
  });
});
