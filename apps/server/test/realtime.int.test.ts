import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, DATABASES, startServer, type TestServer } from "./harness.ts";

describe.each(BACKENDS)("the realtime feed of a roll on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("announces shot states on the film's realtime feed, to a holder of a single-use ticket", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const { body: ticket } = await s.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token });
    const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${ticket.ticket}`);
    const events: { type: string; state?: string }[] = [];
    ws.onmessage = (m) => events.push(JSON.parse(String(m.data)));
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    await upload(s, token, film.id, 1, await jpeg(300, 200));
    await waitForShots(s, token, film.id, 1);
    for (let i = 0; i < 50 && !events.some((e) => e.state === "done"); i++) await new Promise((r) => setTimeout(r, 50));
    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    // The web app checks the link first: a check is no download, and the feed says nothing of it.
    expect((await fetch(`${s.base}${manifest.zip_url}`, { method: "HEAD" })).status).toBe(200);
    await (await fetch(`${s.base}${manifest.zip_url}`)).arrayBuffer();
    for (let i = 0; i < 50 && !events.some((e) => e.type === "download"); i++) await new Promise((r) => setTimeout(r, 50));
    ws.close();
    expect(events.filter((e) => e.type === "download")).toEqual([
      { type: "download", film_id: film.id, progress: 100, file_name: "Summer-in-Cadaqués-01.jpg", finished: true },
    ]);
    expect(events[0]).toMatchObject({ type: "connected" });
    expect(events.filter((e) => e.type === "shot").map((e) => e.state)).toEqual(["uploading", "pending", "done"]);
    const reused = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${ticket.ticket}`);
    const outcome = await new Promise((resolve) => {
      reused.onopen = () => resolve("open");
      reused.onerror = () => resolve("refused");
    });
    expect(outcome).toBe("refused");
  });
});

describe.runIf(DATABASES.includes("postgres"))("the realtime feed with two instances on one PostgreSQL", () => {
  const servers: TestServer[] = [];
  let dataDir: string;
  beforeAll(async () => {
    const schema = `test_${randomUUID().replaceAll("-", "")}`;
    const env = { SECRET_KEY: `shared-secret-${randomUUID()}` };
    // One folder for both, as a shared volume: the filesystem store refuses an instance whose files are elsewhere.
    dataDir = await mkdtemp(join(tmpdir(), "latent-realtime-"));
    servers.push(await startServer("postgres", env, { schema, dataDir, keepData: true }));
    servers.push(await startServer("postgres", env, { schema, dataDir, keepData: true }));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const open = (s: TestServer, filmId: string, ticket: string) =>
    new Promise<string>((resolve) => {
      const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${filmId}?token=${ticket}`);
      ws.onopen = () => {
        ws.close();
        resolve("open");
      };
      ws.onerror = () => resolve("refused");
    });

  it("refuses on one instance a ticket already used on the other", async () => {
    const [a, b] = servers as [TestServer, TestServer];
    const token = await photographer(a);
    const { body: film } = await a.api("/api/film", { method: "POST", token, body: roll });
    const { body: ticket } = await a.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token });
    expect(await open(a, film.id, ticket.ticket)).toBe("open");
    expect(await open(b, film.id, ticket.ticket)).toBe("refused");
    const { body: fresh } = await b.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token });
    expect(await open(a, film.id, fresh.ticket)).toBe("open");
  });
});

/** Opens a roll's feed with a ticket: "open" or "refused". */
const openFeed = (s: TestServer, filmId: string, ticket: string) =>
  new Promise<string>((resolve) => {
    const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${filmId}?token=${encodeURIComponent(ticket)}`);
    ws.onopen = () => {
      ws.close();
      resolve("open");
    };
    ws.onerror = () => resolve("refused");
  });

/** A WebSocket handshake as a browser on `origin` makes it: the HTTP status (101 when the feed opens). */
const handshake = (s: TestServer, path: string, origin: string) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${s.base}${path}`, {
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": randomBytes(16).toString("base64"),
        origin,
      },
    });
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });

describe.each(DATABASES)("realtime feed tickets on %s", (kind) => {
  const PUBLIC_URL = "https://latent.example";
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { PUBLIC_URL });
  });
  afterAll(() => s?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const ticketFor = async (token: string, filmId: string) =>
    (await s.api(`/api/film/${filmId}/ws-ticket`, { method: "POST", token })).body as { ticket: string; expires_in: number };

  it("opens only the roll it was issued for: roll B's events and thumbnail links never reach roll A's feed", async () => {
    const token = await photographer(s);
    const { body: a } = await s.api("/api/film", { method: "POST", token, body: roll });
    const { body: b } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Roll B" } });
    expect(await openFeed(s, b.id, (await ticketFor(token, a.id)).ticket)).toBe("refused");
    // Someone else's ticket for their own roll opens nothing of ours either.
    const stranger = await photographer(s);
    const { body: theirs } = await s.api("/api/film", { method: "POST", token: stranger, body: roll });
    expect(await openFeed(s, a.id, (await ticketFor(stranger, theirs.id)).ticket)).toBe("refused");

    const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${a.id}?token=${(await ticketFor(token, a.id)).ticket}`);
    const messages: string[] = [];
    ws.onmessage = (m) => messages.push(String(m.data));
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    await upload(s, token, b.id, 1, await jpeg(300, 200, 7));
    await waitForShots(s, token, b.id, 1);
    await upload(s, token, a.id, 1, await jpeg(300, 200, 8));
    await waitForShots(s, token, a.id, 1);
    await expect.poll(() => messages.some((m) => JSON.parse(m).state === "done")).toBe(true);
    ws.close();

    const events = messages.map((m) => JSON.parse(m) as { film_id: string; thumbnail_url?: string | null });
    expect(events.every((e) => e.film_id === a.id)).toBe(true);
    const bShot = await s.latent.db.selectFrom("shots").select("thumb_key").where("film_id", "=", b.id).executeTakeFirstOrThrow();
    expect(bShot.thumb_key).toBeTruthy();
    expect(messages.join("\n")).not.toContain(b.id);
    expect(messages.join("\n")).not.toContain(bShot.thumb_key!);
    expect(events.some((e) => e.thumbnail_url)).toBe(true);
  });

  it("is single-use: the second opening with the same ticket is refused, a fresh ticket opens", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const { ticket } = await ticketFor(token, film.id);
    expect(await openFeed(s, film.id, ticket)).toBe("open");
    expect(await openFeed(s, film.id, ticket)).toBe("refused");
    expect(await openFeed(s, film.id, (await ticketFor(token, film.id)).ticket)).toBe("open");
  });

  it("opens up to the last instant of its minute and is refused from the next one", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    // The clock the server reads, held on a whole second so the ticket's last allowed instant is known exactly.
    const issuedAt = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: issuedAt });
    const lastAllowed = await ticketFor(token, film.id);
    const firstRefused = await ticketFor(token, film.id);
    expect(lastAllowed.expires_in).toBe(60);

    vi.setSystemTime(issuedAt + 60_000);
    expect(await openFeed(s, film.id, lastAllowed.ticket)).toBe("open");
    vi.setSystemTime(issuedAt + 60_001);
    expect(await openFeed(s, film.id, firstRefused.ticket)).toBe("refused");
    vi.setSystemTime(issuedAt + 61_000);
    expect(await openFeed(s, film.id, firstRefused.ticket)).toBe("refused");
  });

  it("opens for the app's own origin and refuses look-alikes: another domain, http for https, another port", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const path = async () => `/ws/${film.id}?token=${encodeURIComponent((await ticketFor(token, film.id)).ticket)}`;
    for (const origin of [
      "https://latent.example.evil.com",
      "https://evil-latent.example",
      "http://latent.example",
      "https://latent.example:8443",
      "null",
    ]) {
      expect(await handshake(s, await path(), origin), origin).toBe(403);
    }
    expect(await handshake(s, await path(), PUBLIC_URL)).toBe(101);
  });
});
