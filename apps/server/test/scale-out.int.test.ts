import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bigTiff, jpeg, roll } from "./film-fixtures.ts";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy.ts";
import { type RunningS3, startS3rver } from "./s3rver.ts";
import { freePort, freshDatabase, type SpawnedServer, spawnServer } from "./spawned-server.ts";

const postgres = process.env.TEST_DATABASE_URL;
// A Redis database of this file's own: its rate-limit counters start from zero on every run.
const REDIS_URL = Object.assign(new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), { pathname: "/14" }).toString();
const SECRET_KEY = `scale-out-${randomUUID()}`;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  body: any;
  /** Which instance answered (through the proxy), or null when asked directly. */
  backend: number | null;
}

/** JSON (or a buffer) from `base`, with a bearer token. */
async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; raw?: Buffer } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.raw) headers["content-type"] = "application/octet-stream";
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.raw ? new Uint8Array(init.raw) : init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  const backend = res.headers.get("x-test-backend");
  return { status: res.status, body, backend: backend === null ? null : Number(backend) };
}

/** Starts an upload at `index` and sends every chunk; answers the chunks' answers. */
async function upload(base: string, token: string, filmId: string, index: number, bytes: Buffer, type: string) {
  const begin = await call(base, `/api/film/shot/${filmId}/${index}/upload`, {
    method: "POST",
    token,
    body: { content_type: type, content_length: bytes.length, file_name: `scan-${index}` },
  });
  expect(begin.status, JSON.stringify(begin.body)).toBe(200);
  const size = begin.body.max_upload_size as number;
  const chunks: Answer[] = [];
  for (const [i, url] of (begin.body.urls as string[]).entries()) {
    chunks.push(await call(base, url, { method: "PUT", token, raw: bytes.subarray(i * size, (i + 1) * size) }));
  }
  return chunks;
}

/** Waits until the roll's shot at `index` is in `state` (processing happens on whichever instance claims it). */
async function waitForState(base: string, token: string, filmId: string, index: number, state: string) {
  for (let i = 0; i < 600; i++) {
    const film = await call(base, `/api/film/${filmId}`, { token });
    const shot = (film.body.shots as { index: number; state: string }[]).find((x) => x.index === index);
    if (shot?.state === state) return film.body;
    if (shot?.state === "error") throw new Error(`shot ${index} failed: ${JSON.stringify(shot)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`shot ${index} never became ${state}`);
}

/** A roll's realtime feed, opened with a fresh ticket; collects its events. */
async function openFeed(base: string, token: string, filmId: string) {
  const ticket = await call(base, `/api/film/${filmId}/ws-ticket`, { method: "POST", token });
  expect(ticket.status).toBe(200);
  const ws = new WebSocket(`${base.replace("http", "ws")}/ws/${filmId}?token=${ticket.body.ticket}`);
  const events: { type: string; state?: string; index?: number }[] = [];
  ws.onmessage = (m) => events.push(JSON.parse(String(m.data)));
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  const until = async (test: (e: (typeof events)[number]) => boolean) => {
    for (let i = 0; i < 300 && !events.some(test); i++) await new Promise((r) => setTimeout(r, 100));
    return events.some(test);
  };
  return { ws, events, until };
}

async function photographer(server: SpawnedServer, base: string) {
  const token = await server.token();
  expect((await call(base, "/api/user/privacy-policy", { method: "POST", token })).status).toBeLessThan(300);
  return token;
}

const skipped = postgres ? "" : " (skipped: set TEST_DATABASE_URL to a PostgreSQL to run it)";

describe.skipIf(!postgres)(`scale-out: instances on one PostgreSQL, one S3 store and one Redis${skipped}`, () => {
  let s3: RunningS3;
  let proxy: RoundRobinProxy;
  const databases: Awaited<ReturnType<typeof freshDatabase>>[] = [];
  const servers: SpawnedServer[] = [];
  let a: SpawnedServer;
  let b: SpawnedServer;
  let startedAt = 0;
  // The web-and-worker pair: its own database; the web instance starts beside the second `all` one.
  let web: SpawnedServer;
  let webEnv: Record<string, string>;

  const envOf = (databaseUrl: string, publicUrl: string) => ({
    DATABASE_URL: databaseUrl,
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    REDIS_URL,
    SECRET_KEY,
    PUBLIC_URL: publicUrl,
    SIGNIN_ATTEMPTS_PER_MINUTE: "3",
  });

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    const stale = await redis.keys("latent-rl:*");
    if (stale.length) await redis.del(...stale);
    redis.disconnect();
    s3 = await startS3rver();
    proxy = await startRoundRobinProxy([]);
    const database = await freshDatabase();
    databases.push(database);
    // One after the other: the first start migrates the fresh database.
    startedAt = Date.now();
    a = await spawnServer(envOf(database.url, proxy.base));
    servers.push(a);
    const second = await freshDatabase();
    databases.push(second);
    const webPort = await freePort();
    webEnv = envOf(second.url, `http://127.0.0.1:${webPort}`);
    const pair = await Promise.allSettled([
      spawnServer(envOf(database.url, proxy.base)),
      spawnServer({ ...webEnv, ROLE: "web" }, { port: webPort }),
    ]);
    for (const p of pair) if (p.status === "fulfilled") servers.push(p.value);
    for (const p of pair) if (p.status === "rejected") throw p.reason;
    [b, web] = servers.slice(1) as [SpawnedServer, SpawnedServer];
    proxy.backends = [a, b];
  });

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.dispose()));
    for (const d of databases) await d.drop();
    await s3?.stop();
  });

  it("serves a roll through a round-robin proxy: chunks of one scan on different instances, a byte-identical zip, the list, a share link", async () => {
    const token = await photographer(a, proxy.base);
    const created = await call(proxy.base, "/api/film", { method: "POST", token, body: roll });
    expect(created.status).toBe(201);
    const film = created.body;

    const tiff = await bigTiff();
    const chunks = await upload(proxy.base, token, film.id, 1, tiff, "image/tiff");
    expect(chunks.map((c) => c.status)).toEqual([200, 200]);
    expect(new Set(chunks.map((c) => c.backend)).size, "consecutive chunks land on different instances").toBe(2);
    await waitForState(proxy.base, token, film.id, 1, "done");

    const list = await call(proxy.base, "/api/film", { token });
    expect(list.status).toBe(200);
    expect(list.body.map((f: { id: string }) => f.id)).toEqual([film.id]);

    const manifest = await call(proxy.base, `/api/film/${film.id}/download`, { token });
    expect(manifest.status).toBe(200);
    const zip = Buffer.from(await (await fetch(`${proxy.base}${manifest.body.zip_url}`)).arrayBuffer());
    // A stored zip: the scan is in it byte for byte past the header its metadata points anew, whichever instance wrote
    // which chunk.
    expect(zip.indexOf(tiff.subarray(8))).toBeGreaterThan(0);

    const share = await call(proxy.base, `/api/film/${film.id}/share?expiration=5`, { method: "POST", token });
    expect(share.status).toBe(200);
    const opened = [await call(proxy.base, "/api/public/film", { token: share.body.code })];
    opened.push(await call(proxy.base, "/api/public/film", { token: share.body.code }));
    expect(opened.map((o) => o.status)).toEqual([200, 200]);
    expect(new Set(opened.map((o) => o.backend)).size).toBe(2);
    expect(opened[1]?.body).toMatchObject({ id: film.id, shots: [{ index: 1, state: "done" }] });
  });

  it("never shows a roll deleted through one instance on the other, from the very next request (decision 0021)", async () => {
    const token = await photographer(a, proxy.base);
    const answers: { status: number; backend: number | null }[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await call(proxy.base, "/api/film", { method: "POST", token, body: { ...roll, name: `Roll ${i}` } });
      expect(created.status).toBe(201);
      // Both instances read it, and may keep it.
      for (let n = 0; n < 2; n++) expect((await call(proxy.base, `/api/film/${created.body.id}`, { token })).status).toBe(200);
      expect((await call(proxy.base, `/api/film/${created.body.id}`, { method: "DELETE", token })).status).toBe(204);
      for (let n = 0; n < 2; n++) answers.push(await call(proxy.base, `/api/film/${created.body.id}`, { token }));
    }
    expect(new Set(answers.map((x) => x.backend)).size).toBe(2);
    expect(answers.filter((x) => x.status !== 404)).toEqual([]);
  });

  it("delivers an event raised on one instance to a feed held open on the other", async () => {
    const token = await photographer(a, proxy.base);
    const film = (await call(proxy.base, "/api/film", { method: "POST", token, body: roll })).body;
    const feed = await openFeed(proxy.base, token, film.id);
    const held = proxy.routed.findLast((r) => r.path === `/ws/${film.id}`)?.backend;
    expect(held).toBeDefined();
    const other = held === 0 ? b : a;
    // The upload goes straight to the instance that does not hold the feed.
    await upload(other.base, token, film.id, 1, await jpeg(600, 400), "image/jpeg");
    expect(await feed.until((e) => e.type === "shot" && e.state === "pending")).toBe(true);
    expect(feed.events.filter((e) => e.type === "shot").map((e) => e.state)).toEqual(expect.arrayContaining(["uploading", "pending"]));
    feed.ws.close();
  });

  it("holds the sign-in limit across both instances (counted in Redis)", async () => {
    const answers: { status: number; backend: string | null }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${proxy.base}/auth/interaction/${randomUUID()}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "nobody@example.com", password: "wrong password" }),
        redirect: "manual",
      });
      await res.text();
      answers.push({ status: res.status, backend: res.headers.get("x-test-backend") });
    }
    // Three attempts a minute in all (two per instance would pass if each counted alone).
    expect(new Set(answers.map((x) => x.backend)).size).toBe(2);
    expect(answers.slice(0, 3).map((x) => x.status)).not.toContain(429);
    expect(answers[3]?.status).toBe(429);
  });

  it("with one web and one worker instance, scans are processed by the worker and announced on the web instance's feed", async () => {
    const token = await photographer(web, web.base);
    const film = (await call(web.base, "/api/film", { method: "POST", token, body: roll })).body;
    const feed = await openFeed(web.base, token, film.id);
    const chunks = await upload(web.base, token, film.id, 1, await jpeg(800, 600, 3), "image/jpeg");
    expect(chunks.map((c) => c.status)).toEqual([200]);
    // The web instance processes nothing: with no worker the scan waits (an `all` instance makes it in well under this).
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await call(web.base, `/api/film/${film.id}`, { token })).body.shots[0].state).toBe("pending");

    const worker = await spawnServer({ ...webEnv, ROLE: "worker" });
    servers.push(worker);
    expect((await call(worker.base, "/readyz")).status).toBe(200);
    const refused = await call(worker.base, `/api/film/${film.id}`, { token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: "not-found", message: expect.any(String) });

    await waitForState(web.base, token, film.id, 1, "done");
    // Made on the worker, announced on the web instance's feed through Redis.
    expect(await feed.until((e) => e.type === "shot" && e.state === "done")).toBe(true);
    feed.ws.close();
  });

  it("runs a scheduled job once per occurrence, not once per instance", async () => {
    const client = new pg.Client({ connectionString: databases[0]?.url });
    await client.connect();
    try {
      // `uploads.fail-stalled` is due every minute; the first instance's first look sends the current minute's occurrence.
      const completed = async () =>
        (await client.query("select 1 from latent_jobs.job where name = 'uploads.fail-stalled' and state = 'completed'")).rowCount ?? 0;
      for (let i = 0; i < 100 && (await completed()) === 0; i++) await new Promise((r) => setTimeout(r, 1_000));
      expect(await completed(), "the every-minute job ran").toBeGreaterThan(0);
      // Each instance looks for due schedules every 30 s: past that, a per-instance scheduler would have added its runs.
      const settled = startedAt + 45_000 - Date.now();
      if (settled > 0) await new Promise((r) => setTimeout(r, settled));
      const minute = (t: number) => Math.floor(t / 60_000);
      const occurrences = minute(Date.now()) - minute(startedAt) + 1;
      const jobs = await client.query<{ name: string }>(
        "select name, state, created_on, singleton_key, singleton_on, data from latent_jobs.job where name in ('uploads.fail-stalled', '__pgboss__send-it') order by created_on",
      );
      const runs = jobs.rows.filter((j) => j.name === "uploads.fail-stalled").length;
      expect(runs, JSON.stringify(jobs.rows, null, 1)).toBeLessThanOrEqual(occurrences);
    } finally {
      await client.end();
    }
  }, 120_000);
});
