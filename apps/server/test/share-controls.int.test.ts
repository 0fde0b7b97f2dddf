import { SHARE_NEVER_EXPIRES_AT } from "@latent/domain/films";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { labWithOrder } from "./order-fixtures.ts";

/**
 * A share link's controls (issue 31) on a roll's links and an order's link: a password asked once per browser session
 * and its brute force limited, downloads off on every route that serves a download (the manifest, the zip, the
 * originals, even through links handed out before), and expiry presets with "never" on paid plans only.
 */
describe.each(DATABASES)("share link controls on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  /** The `name=value` of a Set-Cookie, as a browser would send it back. */
  const cookieOf = (res: { headers: Headers }) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const visit = (path: string, code: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    s.api(path, {
      method: init.method ?? "GET",
      body: init.body,
      headers: { authorization: `Bearer ${code}`, ...(init.cookie ? { cookie: init.cookie } : {}) },
    });
  /** Fetches a signed link (media, zip) the way a browser does: no token, the signature only. */
  const fetchLink = async (url: string) => (await fetch(`${s.base}${url}`)).status;

  const sharedRoll = async (settings?: Record<string, unknown>) => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await upload(s, token, film.id, 1, await jpeg(320, 240, 1));
    await waitForShots(s, token, film.id, 1);
    const share = await s.api(`/api/film/${film.id}/share?expiration=60`, { method: "POST", token, body: settings });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    return { token, filmId: film.id as string, share: share.body as { id: string; code: string; expires_at: string } };
  };

  it("asks a password link's password once per browser session, and a new password ends the earlier unlocks", async () => {
    const { token, filmId, share } = await sharedRoll({ password: "negatives" });
    expect(share).toMatchObject({ has_password: true, downloads: true, guest_answers: true });
    // Before the unlock the roll, its manifest, its feed and its contact sheet stay closed.
    for (const path of ["/api/public/film", "/api/public/film/download", "/api/public/film/contact-sheet"]) {
      expect((await visit(path, share.code)).body.error, path).toBe("share-password-required");
    }
    expect((await visit("/api/public/film/ws-ticket", share.code, { method: "POST" })).body.error).toBe("share-password-required");

    const wrong = await visit("/api/public/film/unlock", share.code, { method: "POST", body: { password: "positives" } });
    expect([wrong.status, wrong.body.error, wrong.headers.get("set-cookie")]).toEqual([401, "share-password-wrong", null]);
    const unlocked = await visit("/api/public/film/unlock", share.code, { method: "POST", body: { password: "negatives" } });
    expect(unlocked.status).toBe(204);
    const setCookie = unlocked.headers.get("set-cookie")!;
    // HttpOnly, for the public API only, a session cookie (no Max-Age): once per browser session.
    expect(setCookie).toMatch(/^latent_unlock_[\w-]+=[\w.-]+; Path=\/api\/public; HttpOnly; SameSite=Lax$/);
    const cookie = cookieOf(unlocked);
    const opened = await visit("/api/public/film", share.code, { cookie });
    expect(opened.status).toBe(200);
    expect(opened.body.link).toEqual({ has_password: true, downloads: true, guest_answers: true });
    expect((await visit("/api/public/film/download", share.code, { cookie })).status).toBe(200);
    // The owner's list says there is a password, never what it is.
    const listed = (await s.api(`/api/film/${filmId}/shares`, { token })).body;
    expect(listed[0]).toMatchObject({ id: share.id, has_password: true });
    expect(JSON.stringify(listed)).not.toContain("negatives");
    expect(JSON.stringify(listed)).not.toContain("scrypt");

    // A new password: the same code, the earlier unlock no longer opens it; removing it opens the link to all.
    const changed = await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { password: "darkroom" } });
    expect(changed.status).toBe(200);
    expect((await visit("/api/public/film", share.code, { cookie })).body.error).toBe("share-password-required");
    const again = await visit("/api/public/film/unlock", share.code, { method: "POST", body: { password: "darkroom" } });
    expect((await visit("/api/public/film", share.code, { cookie: cookieOf(again) })).status).toBe(200);
    await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { password: null } });
    expect((await visit("/api/public/film", share.code)).status).toBe(200);
    // Another link's cookie unlocks nothing here.
    const other = await sharedRoll({ password: "negatives" });
    expect((await visit("/api/public/film", other.share.code, { cookie: cookieOf(again) })).body.error).toBe("share-password-required");
  });

  it("limits wrong passwords per client and per link, with Retry-After, and counts no right one", async () => {
    const { share } = await sharedRoll({ password: "negatives" });
    const attempt = (password: string) => visit("/api/public/film/unlock", share.code, { method: "POST", body: { password } });
    // Right passwords give their slot back: many in a row never lock anyone out.
    for (let i = 0; i < 6; i++) expect((await attempt("negatives")).status).toBe(204);
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-${i}`)).body.error).toBe("share-password-wrong");
    const limited = await attempt("negatives");
    expect([limited.status, limited.body.error]).toEqual([429, "share-password-attempts"]);
    expect(Number(limited.headers.get("retry-after"))).toBe(300);

    // Fifty wrong guesses from fifty clients close the link to every client for the hour, the right password too.
    const { shares } = s.latent.services;
    const second = await sharedRoll({ password: "negatives" });
    for (let i = 0; i < 50; i++) {
      await expect(shares.unlock(second.share.code, `guess-${i}`, `10.0.0.${i}`)).rejects.toMatchObject({ code: "share-password-wrong" });
    }
    await expect(shares.unlock(second.share.code, "negatives", "10.0.1.1")).rejects.toMatchObject({
      code: "share-password-attempts",
      retryAfterS: 3600,
    });
  });

  // The route × actor matrix of the downloads control: each serving route, for a visitor of a link with downloads on
  // and off, with links handed out while they were on.
  it("refuses the manifest, the zip and the originals of a link with downloads off, even through links handed out before", async () => {
    const { token, filmId, share } = await sharedRoll();
    const before = (await visit("/api/public/film", share.code)).body;
    const manifest = (await visit("/api/public/film/download", share.code)).body;
    const links = {
      original: before.shots[0].version.url as string,
      preview: before.shots[0].version.preview_url as string,
      thumbnail: before.shots[0].version.thumbnail_url as string,
      zip: manifest.zip_url as string,
      file: manifest.files[0].file_url as string,
    };
    expect(links.original).toContain("grant=share-");
    for (const [name, url] of Object.entries(links)) expect(await fetchLink(url), name).toBe(200);

    const off = await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { downloads: false } });
    expect(off.body).toMatchObject({ downloads: false, expires_at: share.expires_at });
    const matrix: [string, () => Promise<number | string>, number | string][] = [
      ["GET public/film/download", async () => (await visit("/api/public/film/download", share.code)).body.error, "share-downloads-off"],
      ["zip link handed out before", () => fetchLink(links.zip), 403],
      ["original handed out before", () => fetchLink(links.original), 404],
      ["manifest's file handed out before", () => fetchLink(links.file), 404],
      ["preview", () => fetchLink(links.preview), 200],
      ["thumbnail", () => fetchLink(links.thumbnail), 200],
      ["GET public/film", async () => (await visit("/api/public/film", share.code)).status, 200],
    ];
    for (const [row, run, expected] of matrix) expect(await run(), row).toBe(expected);
    const shown = (await visit("/api/public/film", share.code)).body;
    expect(shown.link.downloads).toBe(false);
    expect(shown.shots[0].version).toMatchObject({ url: null, preview_url: expect.any(String) });
    // The owner's own zip of the roll is theirs whatever their links say.
    expect((await s.api(`/api/film/${filmId}/download`, { token })).status).toBe(200);

    // On again: the same links work again (nothing was revoked, only the download capability withheld).
    await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { downloads: true } });
    expect(await fetchLink(links.zip)).toBe(200);
  });

  it("offers an order's link the same controls: password, downloads off on its manifest, zip and originals", async () => {
    const lab = await labWithOrder(s, { name: "Lab Controls" });
    const shared = await s.api(`/api/orders/${lab.orderId}/share?expiration=60`, { method: "POST", token: lab.token });
    expect(shared.body).toMatchObject({ has_password: false, downloads: true, guest_answers: true, never_expires: false });
    const code = shared.body.code as string;
    const order = (await visit("/api/public/order", code)).body;
    const filmId = order.films[0].id as string;
    const original = order.films[0].shots[0].version.url as string;
    const zip = (await visit(`/api/public/order/download/${filmId}`, code)).body.zip_url as string;
    expect([await fetchLink(original), await fetchLink(zip)]).toEqual([200, 200]);

    const set = await s.api(`/api/orders/${lab.orderId}/link`, {
      method: "PUT",
      token: lab.token,
      body: { downloads: false, password: "contact" },
    });
    expect(set.body).toMatchObject({ has_password: true, downloads: false });
    expect((await s.api(`/api/orders/${lab.orderId}`, { token: lab.token })).body.link).toMatchObject({
      has_password: true,
      downloads: false,
    });
    expect((await visit("/api/public/order", code)).body.error).toBe("share-password-required");
    const unlocked = await visit("/api/public/order/unlock", code, { method: "POST", body: { password: "contact" } });
    const cookie = cookieOf(unlocked);
    const opened = await visit("/api/public/order", code, { cookie });
    expect(opened.body.link).toEqual({ has_password: true, downloads: false, guest_answers: true });
    expect(opened.body.films[0].shots[0].version.url).toBeNull();
    expect((await visit(`/api/public/order/download/${filmId}`, code, { cookie })).body.error).toBe("share-downloads-off");
    expect([await fetchLink(original), await fetchLink(zip)]).toEqual([404, 403]);
    // A fresh link keeps the order's controls unless told otherwise.
    const fresh = await s.api(`/api/orders/${lab.orderId}/share?expiration=60`, {
      method: "POST",
      token: lab.token,
      body: { password: null },
    });
    expect(fresh.body).toMatchObject({ has_password: false, downloads: false });
    // No link yet: nothing to change.
    const blank = await s.api("/api/orders", {
      method: "POST",
      token: lab.token,
      body: { reference: "#78", user_name: "Ana", user_email: "ana@example.com" },
    });
    expect(
      (await s.api(`/api/orders/${blank.body.id}/link`, { method: "PUT", token: lab.token, body: { downloads: false } })).body.error,
    ).toBe("order-not-shared");
  });

  it("ends a link after a preset or on a date, and lets only paid plans make one that never ends", async () => {
    const { token, filmId, share } = await sharedRoll({ expiry: "7d" });
    const days = (iso: string) => Math.round((Date.parse(iso) - Date.now()) / 86_400_000);
    expect(days(share.expires_at)).toBe(7);
    const never = await s.api(`/api/film/${filmId}/share`, { method: "POST", token, body: { expiry: "never" } });
    expect([never.status, never.body.error]).toEqual([403, "share-expiry-needs-plan"]);
    const far = new Date(Date.now() + 40 * 86_400_000).toISOString();
    expect((await s.api(`/api/film/${filmId}/share`, { method: "POST", token, body: { expires_at: far } })).body.error).toBe(
      "share-expiry-needs-plan",
    );
    const both = await s.api(`/api/film/${filmId}/share`, { method: "POST", token, body: { expiry: "1d", expires_at: far } });
    expect(both.status).toBe(400);
    const past = await s.api(`/api/film/${filmId}/share`, { method: "POST", token, body: { expires_at: "2001-01-01T00:00:00Z" } });
    expect(past.status).toBe(400);

    const me = (await s.api("/api/user", { token })).body.user_id as string;
    await s.latent.services.entitlements.setPlan(me, "artist");
    const forever = await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { expiry: "never" } });
    expect(forever.body).toMatchObject({ never_expires: true, expires_at: SHARE_NEVER_EXPIRES_AT, status: "active" });
    // The code did not change: it still opens the roll.
    expect((await visit("/api/public/film", share.code)).status).toBe(200);
    const dated = await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { expires_at: far } });
    expect(dated.body).toMatchObject({ never_expires: false, expires_at: far });
    // Someone else's link, or a revoked one, is not edited.
    const stranger = await photographer(s);
    expect(
      (await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token: stranger, body: { downloads: false } })).status,
    ).toBe(404);
    await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "DELETE", token });
    expect((await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { downloads: false } })).body.error).toBe(
      "share-link-revoked",
    );
  });
});
