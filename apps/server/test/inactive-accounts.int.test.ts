import { randomUUID } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SUCCESS_CARD = "4242 4242 4242 4242";
const INACTIVE = {
  error: "account-inactive",
  message: "Your account is inactive: reactivate it from your profile to add rolls, scans or gear",
};

describe.each(DATABASES)("inactive accounts on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  const person = async () => {
    const sub = randomUUID();
    const token = await s.token({ sub, email: `${sub}@example.com` });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    return { sub, token };
  };
  const me = async (token: string) => (await s.api("/api/user", { token })).body;
  /** A page of the sandbox, by the path of the address the API gave (the server's PUBLIC_URL is not the test port). */
  const page = (url: string, init: RequestInit = {}) => fetch(`${s.base}${new URL(url, s.base).pathname}`, { redirect: "manual", ...init });
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const payAt = async (url: string) =>
    expect((await page(url, form({ card: SUCCESS_CARD, expiry: "12/34", cvc: "123" }))).status).toBe(303);
  /** A roll with one finished scan and a camera. */
  const withARoll = async (token: string) => {
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    expect((await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Nikon", model: "F3" } } })).status).toBe(201);
    await upload(s, token, film.id, 1, await jpeg(320, 240));
    await waitForShots(s, token, film.id, 1);
    return film as { id: string };
  };
  const storedFiles = async () => {
    const found: string[] = [];
    for (const p of await readdir(s.storeRoot, { recursive: true }).catch(() => [] as string[])) {
      if ((await stat(join(s.storeRoot, p))).isFile()) found.push(p);
    }
    return found;
  };

  it("makes an account inactive after an unpaid renewal, keeps its downloads, refuses new rolls, and reactivates on payment", async () => {
    const { token } = await person();
    const film = await withARoll(token);
    const checkout = await s.api("/api/purchases/checkout", {
      method: "POST",
      token,
      body: { mode: "subscription", items: [{ plan: "artist", quantity: 1 }], currency: "eur" },
    });
    await payAt(checkout.body.url);
    expect((await me(token)).plan).toBe("artist");

    const portal = (await s.api("/api/purchases/portal", { method: "POST", token })).body.url as string;
    const subscription = (await s.api("/api/purchases/my-subscriptions", { token })).body[0].id as string;
    // The first failure leaves a retry: still artist, still active.
    expect((await page(portal, form({ action: "fail-renewal", subscription }))).status).toBe(303);
    expect([(await me(token)).plan, (await me(token)).inactive_since]).toEqual(["artist", null]);
    // The last attempt fails too: the account is inactive and back on free.
    const before = Date.now();
    expect((await page(portal, form({ action: "fail-renewal", subscription }))).status).toBe(303);
    const inactive = await me(token);
    expect(inactive.plan).toBe("free");
    expect(Date.parse(inactive.inactive_since)).toBeGreaterThanOrEqual(before - 1000);
    expect((await s.api("/api/purchases/my-subscriptions", { token })).body[0].status).toBe("canceled");

    const manifest = await s.api(`/api/film/${film.id}/download`, { token });
    expect(manifest.status).toBe(200);
    const zip = await fetch(`${s.base}${manifest.body.zip_url}`);
    expect(zip.status).toBe(200);
    expect((await zip.arrayBuffer()).byteLength).toBe(manifest.body.size);

    const refused = await Promise.all([
      s.api("/api/film", { method: "POST", token, body: roll }),
      s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Leica", model: "M6" } } }),
      s.api(`/api/film/shot/${film.id}/2/upload`, { method: "POST", token, body: { content_type: "image/jpeg", content_length: 1000 } }),
    ]);
    for (const res of refused) expect([res.status, res.body]).toEqual([403, INACTIVE]);

    const reactivate = await s.api("/api/user/reactivate", { method: "POST", token });
    expect(reactivate.status).toBe(201);
    expect(reactivate.body.url).toContain("/sandbox/checkout/");
    await payAt(reactivate.body.url);
    const back = await me(token);
    expect([back.plan, back.inactive_since]).toEqual(["artist", null]);
    expect((await s.api("/api/film", { method: "POST", token, body: roll })).status).toBe(201);
  });

  it("refuses to reactivate an active account", async () => {
    const { token } = await person();
    const res = await s.api("/api/user/reactivate", { method: "POST", token });
    expect([res.status, res.body]).toEqual([
      409,
      { error: "account-not-inactive", message: "Your account is active: there is nothing to reactivate" },
    ]);
  });

  it("keeps an inactive account's files for 30 days, then deletes its rolls' files but keeps the account, its gear and its rolls", async () => {
    const { sub, token } = await person();
    await s.api("/api/user", { method: "PUT", token, body: { nickname: "ana" } });
    const film = await withARoll(token);
    const since = Date.now();
    await s.latent.services.users.setInactive(sub, new Date(since));
    const shotKeys = async () => ((await s.api(`/api/film/${film.id}`, { token })).body.shots as { id: string }[]).map((x) => x.id);
    const ids = await shotKeys();
    const filesOfShot = async () => (await storedFiles()).filter((p) => ids.some((id) => p.includes(id)));
    expect((await filesOfShot()).length).toBeGreaterThan(0);

    await s.latent.services.inactiveAccounts.runDaily(since + 29 * DAY_MS);
    expect(await shotKeys()).toEqual(ids);
    expect((await filesOfShot()).length).toBeGreaterThan(0);

    await s.latent.services.inactiveAccounts.runDaily(since + 31 * DAY_MS);
    expect(await shotKeys()).toEqual([]);
    expect(await filesOfShot()).toEqual([]);
    // A second run finds nothing more to delete.
    await s.latent.services.inactiveAccounts.runDaily(since + 32 * DAY_MS);
    const profile = await me(token);
    expect([profile.nickname, profile.inactive_since === null]).toEqual(["ana", false]);
    expect((await s.api("/api/cameras", { token })).body).toHaveLength(1);
    expect((await s.api(`/api/film/${film.id}`, { token })).status).toBe(200);
  });
});

describe.each(DATABASES)("operator grants on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("gives a complimentary plan for N months through grant-months, and ends it after its period", async () => {
    const sub = randomUUID();
    const email = `${sub}@example.com`;
    const token = await s.token({ sub, email });
    await s.api("/api/user", { token });
    expect((await runAdminCommand(s.latent, ["grant-months", "--email", email, "--months", "2", "--plan", "bogus"])).code).toBe(2);
    const granted = await runAdminCommand(s.latent, ["grant-months", "--email", email, "--months", "2", "--plan", "unlimited"]);
    expect(granted.code).toBe(0);
    expect((await s.api("/api/user", { token })).body.plan).toBe("unlimited");
    const [grant] = (await s.api("/api/purchases/my-subscriptions", { token })).body;
    expect(grant).toMatchObject({ plan: "unlimited", status: "active", source: "operator", amount: 0 });
    const end = Date.parse(grant.current_period_end);
    expect(end - Date.now()).toBeGreaterThan(58 * DAY_MS);

    await s.latent.services.purchases.expireGrants(new Date(end - 1000));
    expect((await s.api("/api/user", { token })).body.plan).toBe("unlimited");
    await s.latent.services.purchases.expireGrants(new Date(end + 1000));
    expect((await s.api("/api/user", { token })).body.plan).toBe("free");
  });
});
