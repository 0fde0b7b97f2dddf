import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, upload } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

// A roll page and the rolls list are kept between writes (decision 0027): every write must show on the next read.
describe.each(DATABASES)("roll pages kept between writes on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it("shows each change on the very next read of a page read just before it", async () => {
    const token = await photographer(s);
    const page = async (id: string) => (await s.api(`/api/film/${id}`, { token })).body;
    const list = async () => (await s.api("/api/film", { token })).body as { id: string; name: string; shot_count: number }[];
    const { id } = (await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Alps" } })).body;
    expect((await list()).map((f) => f.name)).toEqual(["Alps"]);
    expect((await page(id)).name).toBe("Alps");

    await s.api(`/api/film/${id}`, { method: "PUT", token, body: { ...roll, name: "Alps, day two" } });
    expect((await page(id)).name).toBe("Alps, day two");
    expect((await list()).map((f) => f.name)).toEqual(["Alps, day two"]);

    // Processing commits on its own time and then announces it: once announced, the next read says so.
    const announced = new Promise<void>((resolve) => {
      const off = s.latent.bus.subscribe(id, (event) => {
        if (event.type === "shot" && event.state === "done") resolve(off());
      });
    });
    await upload(s, token, id, 1, await jpeg(320, 200));
    expect((await page(id)).shots.map((shot: { state: string }) => shot.state)).not.toEqual([]);
    await announced;
    const processed = await page(id);
    expect(processed.shots.map((shot: { state: string }) => shot.state)).toEqual(["done"]);
    expect(processed.shot_count).toBe(1);
    expect((await list())[0]!.shot_count).toBe(1);

    await s.api(`/api/film/shot/${id}`, { method: "PUT", token, body: { index: 1, kept: true } });
    expect((await page(id)).shots[0].kept).toBe(true);

    await s.api(`/api/film/shot/${id}/1`, { method: "DELETE", token });
    expect((await page(id)).shots).toEqual([]);
    expect((await list())[0]!.shot_count).toBe(0);

    await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Coast" } });
    expect((await list()).map((f) => f.name)).toEqual(["Coast", "Alps, day two"]);
    await s.api(`/api/film/${id}`, { method: "DELETE", token });
    expect((await s.api(`/api/film/${id}`, { token })).status).toBe(404);
    expect((await list()).map((f) => f.name)).toEqual(["Coast"]);
  });

  it("never answers one caller with a page kept for another", async () => {
    const ann = await photographer(s);
    const bob = await photographer(s);
    const { id } = (await s.api("/api/film", { method: "POST", token: ann, body: roll })).body;
    expect((await s.api(`/api/film/${id}`, { token: ann })).status).toBe(200);
    expect((await s.api(`/api/film/${id}`, { token: bob })).status).toBe(404);
    expect((await s.api("/api/film", { token: ann })).body).toHaveLength(1);
    expect((await s.api("/api/film", { token: bob })).body).toEqual([]);
    expect((await s.api("/api/film?format=120", { token: ann })).body).toEqual([]);
  });
});

const postgres = process.env.TEST_DATABASE_URL;
// A Redis database of this file's own.
const REDIS_URL = Object.assign(new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), { pathname: "/13" }).toString();

describe.skipIf(!postgres)("roll pages kept by two instances on one PostgreSQL and Redis", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-test-"));
    const schema = `test_${randomUUID().replaceAll("-", "")}`;
    const env = { REDIS_URL, SECRET_KEY: `reply-cache-${randomUUID()}` };
    a = await startServer("postgres", env, { dataDir, schema, keepData: true });
    b = await startServer("postgres", env, { dataDir, schema });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("drops a page kept by one instance as soon as another commits a change to it", async () => {
    const token = await a.token();
    await a.api("/api/user/privacy-policy", { method: "POST", token });
    const { id } = (await a.api("/api/film", { method: "POST", token, body: { ...roll, name: "Alps" } })).body;
    expect((await b.api(`/api/film/${id}`, { token })).body.name).toBe("Alps");
    expect((await b.api("/api/film", { token })).body).toHaveLength(1);

    await a.api(`/api/film/${id}`, { method: "PUT", token, body: { ...roll, name: "Alps, day two" } });
    await a.api("/api/film", { method: "POST", token, body: { ...roll, name: "Coast" } });
    // On the very next read: the change was counted in the database before it was acknowledged (decision 0021).
    expect((await b.api(`/api/film/${id}`, { token })).body.name).toBe("Alps, day two");
    expect((await b.api("/api/film", { token })).body).toHaveLength(2);
  });
});
