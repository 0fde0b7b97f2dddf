import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness.ts";

describe("serving the built web app", () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "latent-dist-"));
    await mkdir(join(dist, "assets"));
    await writeFile(join(dist, "index.html"), "<!doctype html><title>Latent</title><div id=root></div>");
    await writeFile(join(dist, "assets", "app-abc123.js"), "console.log('latent')");
    s = await startServer("pglite", { WEB_DIST: dist });
  });
  afterAll(async () => {
    await s?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("answers every page of the app with index.html, for browsers and for tools", async () => {
    for (const [path, accept] of [
      ["/", "text/html"],
      ["/u/gear/cameras", "text/html,application/xhtml+xml"],
      ["/film?code=abc", "*/*"],
    ]) {
      const res = await fetch(`${s.base}${path}`, { headers: { accept: accept! } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<div id=root>");
    }
  });

  it("serves built assets with a long cache, and keeps API misses as JSON 404s", async () => {
    const asset = await fetch(`${s.base}/assets/app-abc123.js`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const api = await fetch(`${s.base}/api/nothing`, { headers: { accept: "text/html" } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: "not-found" });
  });
});
