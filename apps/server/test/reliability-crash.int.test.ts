import { mkdtemp, readdir, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bigTiff, expectSentBytesKept, roll } from "./film-fixtures.ts";
import { DATABASES, startServer } from "./harness.ts";
import { freshDatabase, type SpawnedServer, spawnServer } from "./spawned-server.ts";

/**
 * A real server process killed with SIGKILL in the middle of a chunk (issue 16, "crash"): after a restart the upload
 * says what it holds, the rest is sent, the file is byte-identical, and once the abandoned-upload sweep has run
 * nothing is left in the store that no row points to.
 */

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
  body: any;
}

async function api(base: string, path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const putChunk = async (base: string, url: string, token: string, bytes: Buffer) => {
  const res = await fetch(`${base}${url}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: await res.json() };
};

/** Sends the first half of a chunk, waits until the server has had time to store some of it, then kills the server. */
async function killMidChunk(server: SpawnedServer, url: string, token: string, bytes: Buffer) {
  const failed = new Promise<string>((resolve) => {
    const req = httpRequest(new URL(url, server.base), {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "content-length": bytes.length },
    });
    req.on("error", (err) => resolve(err.message));
    req.on("response", (res) => resolve(`answered ${res.statusCode}`));
    req.write(bytes.subarray(0, Math.floor(bytes.length / 2)), async () => {
      await new Promise((r) => setTimeout(r, 500));
      server.child.kill("SIGKILL");
    });
  });
  expect(await server.exited).toBeNull();
  // The client sees the connection drop: the chunk never got an answer.
  expect(await failed).not.toMatch(/^answered/);
}

/** Every file in the store, relative to its root. */
const storedFiles = async (objects: string) =>
  (await readdir(objects, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(objects.length + 1));

describe.each(DATABASES)("a server killed in the middle of a chunk, on %s", (kind) => {
  const cleanUp: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step().catch(() => undefined);
  });

  it("resumes the upload after a restart, keeps the bytes sent, and leaves no orphan once abandoned uploads are swept", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-crash-"));
    cleanUp.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {};
    if (kind === "postgres") {
      const db = await freshDatabase();
      cleanUp.push(db.drop);
      env.DATABASE_URL = db.url;
    }
    // The database is made (PGlite's first start, the migrations) in this process, so the spawned server only opens it.
    await (await startServer("pglite", env, { dataDir, keepData: true })).close();
    const first = await spawnServer(env, { dataDir });
    cleanUp.push(() => first.dispose());
    const token = await first.token("crash@example.com");
    await api(first.base, "/api/user/privacy-policy", token, { method: "POST" });
    const film = await api(first.base, "/api/film", token, { method: "POST", body: roll });
    expect(film.status).toBe(201);
    const tiff = await bigTiff();
    const begun = await api(first.base, `/api/film/shot/${film.body.id}/7/upload`, token, {
      method: "POST",
      body: { content_type: "image/tiff", content_length: tiff.length, file_name: "roll-07.tif" },
    });
    expect(begun.status).toBe(200);
    const {
      upload_id: uploadId,
      urls,
      max_upload_size: size,
    } = begun.body as { upload_id: string; urls: string[]; max_upload_size: number };
    expect(urls).toHaveLength(2);
    const part = (n: number) => tiff.subarray((n - 1) * size, n * size);
    expect((await putChunk(first.base, urls[1]!, token, part(2))).status).toBe(200);
    await killMidChunk(first, urls[0]!, token, part(1));

    // The same address: the token's issuer is the server's public URL.
    const second = await spawnServer(env, { dataDir, port: first.port });
    cleanUp.push(() => second.dispose());
    const status = await api(second.base, `/api/uploads/${uploadId}`, token);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(status.body).toMatchObject({ upload_id: uploadId, received: [2], missing: [1], complete: false });
    for (const n of status.body.missing as number[]) {
      const sent = await putChunk(second.base, status.body.urls[n - 1], token, part(n));
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    let shot: { state: string; size: number; version: { url: string } } | undefined;
    for (let i = 0; i < 300 && shot?.state !== "done"; i++) {
      shot = (await api(second.base, `/api/film/${film.body.id}`, token)).body.shots[0];
      if (shot?.state === "error") throw new Error(`the scan failed: ${JSON.stringify(shot)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(shot).toMatchObject({ state: "done", size: tiff.length });
    const original = Buffer.from(await (await fetch(`${second.base}${shot!.version.url}`)).arrayBuffer());
    expectSentBytesKept(original, tiff);

    // A second upload is abandoned the same way, then the server stops for good.
    const abandoned = await api(second.base, `/api/film/shot/${film.body.id}/8/upload`, token, {
      method: "POST",
      body: { content_type: "image/tiff", content_length: tiff.length, file_name: "roll-08.tif" },
    });
    expect(abandoned.status).toBe(200);
    await killMidChunk(second, abandoned.body.urls[0], token, part(1));

    // The sweep runs as the job does, a day later, in a server opened on the same data.
    const s = await startServer("pglite", env, { dataDir, keepData: true });
    cleanUp.push(() => s.close());
    expect(await s.latent.uploads.sweepAbandoned(Date.now() + 25 * 3600_000)).toBe(1);
    expect(await s.latent.db.selectFrom("uploads").select("id").where("completed_at", "is", null).execute()).toEqual([]);
    const shots = await s.latent.db.selectFrom("shots").select(["id", "index"]).where("film_id", "=", film.body.id).execute();
    expect(shots.map((x) => x.index)).toEqual([7]);
    // Files at the top that start with a dot are the store's own (a marker of which instances share it), no object.
    const files = (await storedFiles(join(dataDir, "objects"))).filter((f) => !/^\.[^/]+$/.test(f));
    expect(files.filter((f) => f.startsWith(".uploads"))).toEqual([]);
    // Every stored file belongs to the shot that is left: its scan, preview and thumbnail.
    expect(files.filter((f) => !f.startsWith(`films/${film.body.id}/shots/${shots[0]!.id}/`))).toEqual([]);
    expectSentBytesKept(Buffer.from(await (await fetch(`${s.base}${shot!.version.url}`)).arrayBuffer()), tiff);
  }, 240_000);
});
