import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { bigTiff, jpeg, photographer, roll, upload } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { freshDatabase, type SpawnedServer, spawnServer } from "./spawned-server.ts";

/** JSON over fetch against a spawned server. */
async function call(s: SpawnedServer, path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${s.base}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
}

/** Whether a new connection to the server is refused (a fresh socket: a pooled keep-alive one would say nothing). */
function refusesNewConnections(s: SpawnedServer) {
  return new Promise<boolean>((resolve) => {
    const req = httpRequest(`${s.base}/healthz`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 503);
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED" || err.code === "ECONNRESET"));
    req.end();
  });
}

describe("graceful shutdown of a real server process", () => {
  let s: SpawnedServer | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(async () => {
    await s?.dispose();
    await database?.drop();
  });

  it("on SIGTERM refuses new connections, finishes a chunk upload and a zip download in flight, and exits 0", async () => {
    // PostgreSQL when there is one (it starts faster than PGlite), in a database of its own.
    database = process.env.TEST_DATABASE_URL ? await freshDatabase() : undefined;
    s = await spawnServer({ SHUTDOWN_TIMEOUT_SECONDS: "25", ...(database ? { DATABASE_URL: database.url } : {}) });
    const server = s;
    const token = await server.token();
    expect((await call(server, "/api/user/privacy-policy", token, { method: "POST" })).status).toBeLessThan(300);
    const film = (await call(server, "/api/film", token, { method: "POST", body: roll })).body;

    // A roll with a 17 MB scan, so its zip is far larger than what the sockets buffer.
    const tiff = await bigTiff();
    const first = await call(server, `/api/film/shot/${film.id}/1/upload`, token, {
      method: "POST",
      body: { content_type: "image/tiff", content_length: tiff.length, file_name: "scan-1.tif" },
    });
    expect(first.status).toBe(200);
    for (const [i, url] of (first.body.urls as string[]).entries()) {
      const part = tiff.subarray(i * first.body.max_upload_size, (i + 1) * first.body.max_upload_size);
      const res = await fetch(`${server.base}${url}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
        body: new Uint8Array(part),
      });
      expect(res.status).toBe(200);
      await res.text();
    }
    for (let i = 0; i < 300; i++) {
      const shots = (await call(server, `/api/film/${film.id}`, token)).body.shots as { state: string }[];
      if (shots.some((x) => x.state === "done")) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // A second scan's only chunk, sent slowly: half now, half after SIGTERM.
    const scan = await jpeg(1600, 1200, 7);
    const second = await call(server, `/api/film/shot/${film.id}/2/upload`, token, {
      method: "POST",
      body: { content_type: "image/jpeg", content_length: scan.length, file_name: "scan-2.jpg" },
    });
    expect(second.status).toBe(200);
    // Kept-alive connections, as browsers hold them: once idle they must not hold the shutdown up.
    const agent = new Agent({ keepAlive: true });
    const put = httpRequest(`${server.base}${second.body.urls[0]}`, {
      method: "PUT",
      agent,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "content-length": scan.length },
    });
    const putAnswer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      put.on("response", (res) => {
        let body = "";
        res.on("data", (d: Buffer) => {
          body += d.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      put.on("error", reject);
    });
    put.write(scan.subarray(0, scan.length >> 1));

    // The zip download starts, then its reader stops reading: the server is left with most of it to send.
    const manifest = (await call(server, `/api/film/${film.id}/download`, token)).body;
    const zip = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${server.base}${manifest.zip_url}`, { agent }, resolve).on("error", reject).end(),
    );
    expect(zip.statusCode).toBe(200);
    const zipChunks: Buffer[] = [];
    await new Promise<void>((resolve) =>
      zip.once("data", (d: Buffer) => {
        zipChunks.push(d);
        zip.pause();
        resolve();
      }),
    );

    server.child.kill("SIGTERM");
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await refusesNewConnections(server);
      if (!refused) await new Promise((r) => setTimeout(r, 100));
    }
    expect(refused, "a new connection is refused once SIGTERM arrived").toBe(true);

    // Longer than a fixed 10 s stop would allow: the bound is SHUTDOWN_TIMEOUT_SECONDS.
    await new Promise((r) => setTimeout(r, 11_000));
    put.end(scan.subarray(scan.length >> 1));
    const answer = await putAnswer;
    expect(answer.status, answer.body).toBe(200);

    zip.on("data", (d: Buffer) => zipChunks.push(d));
    const ended = new Promise<void>((resolve, reject) => {
      zip.on("end", resolve);
      zip.on("error", reject);
    });
    zip.resume();
    await ended;
    const bytes = Buffer.concat(zipChunks);
    expect(bytes.length).toBe(Number(zip.headers["content-length"]));
    // A stored zip: the scan's bytes are in it as they were uploaded, past the header its metadata points anew.
    expect(bytes.indexOf(tiff.subarray(8))).toBeGreaterThan(0);

    expect(await server.exited, server.output()).toBe(0);
    // Idle kept-alive connections were closed, not left to the bound's cut.
    expect(server.output()).not.toContain("were cut");
    agent.destroy();
  }, 180_000);
});

describe("scan processing when an instance shuts down", () => {
  let t: TestServer | undefined;
  afterAll(() => t?.close());

  it("gives a scan still being processed at the end of the grace period back to the queue, its attempt not counted", async () => {
    // PostgreSQL when there is one: it starts faster than PGlite.
    t = await startServer(DATABASES[DATABASES.length - 1] ?? "pglite");
    const server = t;
    // The scan is held mid-processing until the test lets it go, so the grace period surely ends first, however
    // fast the machine decodes it.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    server.latent.services.shots.scanned.add(() => held);
    const token = await photographer(server);
    const film = (await server.api("/api/film", { method: "POST", token, body: roll })).body;
    await upload(server, token, film.id, 1, await bigTiff(), "image/tiff");
    const row = () =>
      server.latent.db
        .selectFrom("shots")
        .select(["id", "state", "claimed_at", "attempts"])
        .where("film_id", "=", film.id)
        .executeTakeFirstOrThrow();
    let shot = await row();
    for (let i = 0; i < 200 && shot.claimed_at === null && shot.state === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 10));
      shot = await row();
    }
    expect(shot).toMatchObject({ state: "pending", attempts: 1 });

    const released = await server.latent.processor.stop(0);
    expect(released).toEqual([shot.id]);
    // Whether or not the abandoned work still finishes, the claim is gone and the attempt is not counted.
    expect(await row()).toMatchObject({ claimed_at: null, attempts: 0 });
    letGo();
  }, 180_000);
});
