import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

// The marked block of the real index.html (apps/web/index.html): the site's own preview, replaced for a shared roll.
const INDEX = `<!doctype html><html><head><title>Latent</title>
    <!-- link-preview: the site's own -->
    <meta property="og:title" content="Latent" />
    <meta name="twitter:card" content="summary" />
    <!-- /link-preview -->
  </head><body><div id="root"></div></body></html>`;

describe.each(DATABASES)("share links managed by the roll's owner on %s", (kind) => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "latent-dist-"));
    await writeFile(join(dist, "index.html"), INDEX);
    s = await startServer(kind, { WEB_DIST: dist, PUBLIC_URL: "https://latent.example" });
  });
  afterAll(async () => {
    await s?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const bearer = (code: string) => ({ authorization: `Bearer ${code}` });
  const share = async (token: string, filmId: string, minutes = 60) => {
    const res = await s.api(`/api/film/${filmId}/share?expiration=${minutes}`, { method: "POST", token });
    expect(res.status).toBe(200);
    return res.body as { id: string; code: string; expires_at: string };
  };
  const sharedRoll = async (name: string) => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name } });
    await upload(s, token, film.id, 1, await jpeg(400, 300));
    await waitForShots(s, token, film.id, 1);
    return { token, film };
  };

  it("lists a roll's links with when they were made, until when, how often they were opened and whether they still work", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const first = await share(token, film.id, 60);
    const second = await share(token, film.id, 60 * 24);

    for (let i = 0; i < 2; i++) expect((await s.api("/api/public/film", { headers: bearer(first.code) })).status).toBe(200);
    // The open page fetching the roll again for fresh links is not another opening.
    expect((await s.api("/api/public/film?refresh=1", { headers: bearer(first.code) })).status).toBe(200);
    expect((await s.api(`/api/film/${film.id}/shares/${second.id}`, { method: "DELETE", token })).status).toBe(204);

    const { status, body: links } = await s.api(`/api/film/${film.id}/shares`, { token });
    expect(status).toBe(200);
    // A link's controls (issue 31) as made: no password, downloads and guest answers on, an end.
    const controls = { has_password: false, downloads: true, guest_answers: true, never_expires: false };
    expect(links).toEqual([
      {
        id: second.id,
        created_at: expect.any(String),
        expires_at: second.expires_at,
        revoked_at: expect.any(String),
        opens: 0,
        status: "revoked",
        ...controls,
      },
      {
        id: first.id,
        created_at: expect.any(String),
        expires_at: first.expires_at,
        revoked_at: null,
        opens: 2,
        status: "active",
        ...controls,
      },
    ]);
    expect(JSON.stringify(links)).not.toContain(first.code);

    await s.latent.db
      .updateTable("share_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", first.id)
      .execute();
    const later = await s.api(`/api/film/${film.id}/shares`, { token });
    expect(later.body.find((l: { id: string }) => l.id === first.id)).toMatchObject({ status: "expired", opens: 2 });
  });

  it("stops a revoked link at once: the shared roll, its zip manifest, the zip and media links it handed out, and its feed", async () => {
    const { token, film } = await sharedRoll("Barcelona walk");
    const link = await share(token, film.id);
    const shared = (await s.api("/api/public/film", { headers: bearer(link.code) })).body;
    const manifest = (await s.api("/api/public/film/download", { headers: bearer(link.code) })).body;
    const mediaUrl = `${s.base}${shared.shots[0].version.thumbnail_url}`;
    const zipUrl = `${s.base}${manifest.zip_url}`;
    expect((await fetch(mediaUrl)).status).toBe(200);
    const ticket = (await s.api("/api/public/film/ws-ticket", { method: "POST", headers: bearer(link.code) })).body;
    const unusedTicket = (await s.api("/api/public/film/ws-ticket", { method: "POST", headers: bearer(link.code) })).body;
    const feed = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${ticket.ticket}`);
    const closed = new Promise<number>((resolve) => {
      feed.onclose = (event) => resolve(event.code);
    });
    await new Promise((resolve, reject) => {
      feed.onopen = resolve;
      feed.onerror = reject;
    });

    expect((await s.api(`/api/film/${film.id}/shares/${link.id}`, { method: "DELETE", token })).status).toBe(204);

    const refused = await s.api("/api/public/film", { headers: bearer(link.code) });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: "share-revoked", message: "The owner stopped sharing this roll" });
    const download = await s.api("/api/public/film/download", { headers: bearer(link.code) });
    expect(download.status).toBe(401);
    expect(download.body.error).toBe("share-revoked");
    expect((await fetch(zipUrl)).status).toBe(403);
    expect((await fetch(mediaUrl)).status).toBe(404);
    expect((await s.api("/api/public/film/ws-ticket", { method: "POST", headers: bearer(link.code) })).status).toBe(401);
    expect(await closed).toBe(4003);
    const late = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${unusedTicket.ticket}`);
    const outcome = await new Promise((resolve) => {
      late.onopen = () => resolve("open");
      late.onerror = () => resolve("refused");
    });
    expect(outcome).toBe("refused");

    // The owner's own links are not the share's: they keep working.
    const own = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    expect((await fetch(`${s.base}${own.zip_url}`, { method: "HEAD" })).status).toBe(200);
  });

  it("hands a visitor a feed ticket that ends with the share: the feed closes when the link expires, then no ticket is given", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const link = await share(token, film.id);
    // The link now ends in two seconds.
    await s.latent.db
      .updateTable("share_links")
      .set({ expires_at: new Date(Date.now() + 2000) })
      .where("id", "=", link.id)
      .execute();
    const issued = await s.api("/api/public/film/ws-ticket", { method: "POST", headers: bearer(link.code) });
    expect(issued.status).toBe(200);
    expect(issued.body).toEqual({ ticket: expect.any(String), expires_in: 60 });
    const feed = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${issued.body.ticket}`);
    const first = new Promise<unknown>((resolve) => {
      feed.onmessage = (event) => resolve(JSON.parse(String(event.data)));
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      feed.onclose = (event) => resolve({ code: event.code, reason: event.reason });
    });
    expect(await first).toEqual({ type: "connected", film_id: film.id });
    // Far longer than the two seconds: a feed still open then was not bound to the share's expiry.
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(() => resolve("still open"), 20_000)))]);
    clearTimeout(timer);
    feed.close();
    expect(outcome).toEqual({ code: 4001, reason: "The link has expired" });
    const late = await s.api("/api/public/film/ws-ticket", { method: "POST", headers: bearer(link.code) });
    expect(late.status).toBe(401);
    expect(late.body.error).toBe("share-expired");
    expect((await s.api("/api/public/film/ws-ticket", { method: "POST", headers: bearer("not-a-code") })).status).toBe(401);
  });

  it("answers 404 to anyone but the owner listing or revoking a roll's links, and for a link of another roll", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const { body: other } = await s.api("/api/film", { method: "POST", token, body: roll });
    const link = await share(token, film.id);
    const intruder = await photographer(s);

    expect((await s.api(`/api/film/${film.id}/shares`, { token: intruder })).status).toBe(404);
    expect((await s.api(`/api/film/${film.id}/shares/${link.id}`, { method: "DELETE", token: intruder })).status).toBe(404);
    expect((await s.api(`/api/film/${other.id}/shares/${link.id}`, { method: "DELETE", token })).status).toBe(404);
    expect((await s.api(`/api/film/${film.id}/shares/not-an-id`, { method: "DELETE", token })).status).toBe(404);
    expect((await s.api(`/api/film/${film.id}/shares`)).status).toBe(401);
    expect((await s.api("/api/public/film", { headers: bearer(link.code) })).status).toBe(200);
  });

  it("gives a shared roll's page its own link preview, escaped, with a cover link that ends with the share", async () => {
    const { token, film } = await sharedRoll(`<script>"&`);
    const link = await share(token, film.id, 30);
    const res = await fetch(`${s.base}/film?code=${encodeURIComponent(link.code)}`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="&lt;script&gt;&quot;&amp;" />');
    expect(html).toContain('<meta property="og:description" content="Kodak Portra 400 · 135 · 36 shots" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain("<title>&lt;script&gt;&quot;&amp; — Latent</title>");
    expect(html).not.toContain("<script>");
    const image = html.match(/<meta property="og:image" content="([^"]+)"/)![1]!.replaceAll("&amp;", "&");
    const cover = new URL(image);
    expect(cover.origin).toBe("https://latent.example");
    expect(cover.searchParams.get("grant")).toBe(`share-${link.id}`);
    expect(Number(cover.searchParams.get("expires")) * 1000).toBeLessThanOrEqual(Date.parse(link.expires_at) + 1000);
    const thumbnail = await fetch(`${s.base}${cover.pathname}${cover.search}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");

    // A messenger fetching the preview did not open the roll.
    expect((await s.api(`/api/film/${film.id}/shares`, { token })).body[0].opens).toBe(0);

    // An expired or revoked code, or none, gets the site's own tags.
    const generic = async (query: string) => {
      const page = await (await fetch(`${s.base}/film${query}`, { headers: { accept: "text/html" } })).text();
      expect(page).toBe(INDEX);
    };
    await generic("");
    await generic("?code=not-a-code");
    await s.latent.db
      .updateTable("share_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", link.id)
      .execute();
    await generic(`?code=${encodeURIComponent(link.code)}`);
    const revoked = await share(token, film.id);
    await s.api(`/api/film/${film.id}/shares/${revoked.id}`, { method: "DELETE", token });
    await generic(`?code=${encodeURIComponent(revoked.code)}`);
  });
});
