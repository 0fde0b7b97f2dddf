import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { halfSent, jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/** The staging folders of the filesystem store's multipart uploads. */
const stagingFolders = async (s: TestServer) => readdir(join(s.storeRoot, ".uploads")).catch(() => [] as string[]);

/** The store upload ids the database still points to. */
const recordedUploads = async (s: TestServer) =>
  (await s.latent.db.selectFrom("uploads").select("store_upload_id").where("completed_at", "is", null).execute()).map(
    (u) => u.store_upload_id,
  );

const newRoll = async (s: TestServer, token: string) => {
  const film = await s.api("/api/film", { method: "POST", token, body: roll });
  expect(film.status).toBe(201);
  return film.body.id as string;
};

const begin = (s: TestServer, token: string, filmId: string, index: number, length = 1000) =>
  s.api(`/api/film/shot/${filmId}/${index}/upload`, {
    method: "POST",
    token,
    body: { content_type: "image/jpeg", content_length: length, file_name: `scan-${index}` },
  });

describe.each(DATABASES)("hardening on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SIGNIN_ATTEMPTS_PER_MINUTE: "3" });
  });
  afterAll(() => s?.close());

  it("lets one of several simultaneous upload starts on a shot index win, answers the others 409, and stages nothing orphaned", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(s, token);
    const starts = await Promise.all(Array.from({ length: 6 }, () => begin(s, token, filmId, 1)));
    for (const res of starts) {
      expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 409)
        expect(res.body).toEqual({ error: "upload-in-progress", message: "An upload of this shot is already under way" });
    }
    expect(starts.some((r) => r.status === 200)).toBe(true);
    const film = (await s.api(`/api/film/${filmId}`, { token })).body;
    expect(film.shots.filter((x: { index: number }) => x.index === 1)).toHaveLength(1);
    expect((await stagingFolders(s)).sort()).toEqual((await recordedUploads(s)).sort());
    await s.api(`/api/film/${filmId}`, { method: "DELETE", token });
  });

  it("answers an upload start 404 when its roll is deleted meanwhile, and leaves no staging upload", async () => {
    const token = await photographer(s);
    for (let round = 0; round < 8; round++) {
      const filmId = await newRoll(s, token);
      const [removed, ...starts] = await Promise.all([
        s.api(`/api/film/${filmId}`, { method: "DELETE", token }),
        ...[1, 2, 3, 4].map((index) => begin(s, token, filmId, index)),
      ]);
      expect(removed.status).toBeLessThan(300);
      for (const res of starts) expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
    }
    expect(await stagingFolders(s)).toEqual(await recordedUploads(s));
    expect(await stagingFolders(s)).toEqual([]);
  });

  it("answers a chunk 404 when a new upload start replaced its upload while it streamed", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(s, token);
    const bytes = await jpeg(800, 600);
    const first = await begin(s, token, filmId, 1, bytes.length);
    expect(first.status).toBe(200);
    const sending = await halfSent(s, first.body.urls[0], token, bytes);
    // The second start lands while the first chunk is half sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await begin(s, token, filmId, 1, bytes.length);
    expect(second.status).toBe(200);
    const chunk = await sending.finish();
    expect([404, 409]).toContain(chunk.status);
    expect(chunk.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    await s.api(`/api/film/${filmId}`, { method: "DELETE", token });
  });

  it("answers a malformed multipart profile update 400", async () => {
    const token = await s.token();
    const boundary = "----latent-boundary";
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="user_data"\r\n\r\n{"name":"Ana"`;
    for (const [type, body] of [
      ["multipart/form-data", "hello"],
      [`multipart/form-data; boundary=${boundary}`, truncated],
    ] as const) {
      const res = await fetch(`${s.base}/api/user`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": type },
        body,
      });
      expect(res.status, type).toBe(400);
      expect(await res.json()).toMatchObject({ error: "bad-request", message: expect.any(String) });
    }
  });

  it("throttles repeated sign-up attempts from one address like sign-in attempts", async () => {
    let last = 0;
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${s.base}/auth/interaction/${randomUUID()}/signup`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: `${randomUUID()}@example.com`, password: "negatives!", role: "user" }),
        redirect: "manual",
      });
      last = res.status;
      await res.text();
    }
    expect(last).toBe(429);
  });

  it.each([
    ["POST", "/api/cameras"],
    ["POST", "/api/lenses"],
    ["POST", "/api/film"],
    ["POST", "/api/orders"],
    ["PUT", "/api/labs"],
    ["POST", "/api/shipping"],
    ["POST", "/api/film/shot/00000000-0000-0000-0000-000000000000/1/upload"],
  ])("answers an anonymous %s %s with an invalid body 401, not 400", async (method, path) => {
    const res = await s.api(path, { method, body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "unauthorized" });
  });

  it("keeps a shared roll open until the very instant it expires, and its scans' links at least as long", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(s, token);
    await upload(s, token, filmId, 1, await jpeg(320, 240));
    await waitForShots(s, token, filmId, 1);
    const share = await s.api(`/api/film/${filmId}/share?expiration=5`, { method: "POST", token });
    expect(share.status).toBe(200);
    const expiresAt = new Date(Date.now() + 700);
    await s.latent.db.updateTable("share_links").set({ expires_at: expiresAt }).where("film_id", "=", filmId).execute();
    const open = await s.api("/api/public/film", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(open.status).toBe(200);
    const linkExpires = Number(new URL(open.body.shots[0].version.url, s.base).searchParams.get("expires"));
    expect(linkExpires * 1000).toBeGreaterThanOrEqual(expiresAt.getTime());
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 20));
    const late = await s.api("/api/public/film", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(late.status).toBe(401);
    expect(late.body.error).toBe("share-expired");
  });

  it("refuses at the upgrade a shared roll's realtime ticket issued before the share expired, once it has", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(s, token);
    const share = await s.api(`/api/film/${filmId}/share?expiration=5`, { method: "POST", token });
    expect(share.status).toBe(200);
    const expiresAt = new Date(Date.now() + 1500);
    await s.latent.db.updateTable("share_links").set({ expires_at: expiresAt }).where("film_id", "=", filmId).execute();
    const ticket = async () => {
      const res = await s.api("/api/public/film/ws-ticket", { method: "POST", headers: { authorization: `Bearer ${share.body.code}` } });
      expect(res.status).toBe(200);
      return res.body.ticket as string;
    };
    const connect = (t: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${filmId}?token=${t}`);
        ws.onopen = () => {
          resolve("open");
          ws.close();
        };
        ws.onerror = () => resolve("refused");
      });
    const [early, late] = [await ticket(), await ticket()];
    expect(await connect(early)).toBe("open");
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 20));
    expect(await connect(late)).toBe("refused");
  });

  it("keeps a shared order open until the very instant it expires", async () => {
    const lab = await s.token({ role: "lab" });
    const created = await s.api("/api/orders", {
      method: "POST",
      token: lab,
      body: { reference: "#7", user_name: "Ana García", user_email: `${randomUUID()}@example.com`, user_phone: "+34 600 000 000" },
    });
    expect(created.status).toBe(201);
    const { code } = (await s.api(`/api/orders/${created.body.id}/share`, { method: "POST", token: lab })).body;
    const expiresAt = new Date(Date.now() + 700);
    await s.latent.db.updateTable("orders").set({ share_expires_at: expiresAt }).where("id", "=", created.body.id).execute();
    const open = await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 20));
    const late = await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } });
    expect(late.status).toBe(401);
    expect(late.body.error).toBe("share-expired");
  });
});
