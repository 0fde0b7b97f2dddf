import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
