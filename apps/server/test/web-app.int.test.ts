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
    await writeFile(join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
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

  it("answers a path the app has no page for with 404 and the app, which shows its not-found page", async () => {
    for (const path of ["/no/such/page", "/u/films/3f2c/extra", "/pricingx"]) {
      const res = await fetch(`${s.base}${path}`, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("<div id=root>");
    }
    for (const path of ["/u/films", "/u/films/3f2c", "/u/", "/plugins/lrcode?code=1", "/u/labs"]) {
      const res = await fetch(`${s.base}${path}`, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(200);
    }
    const json = await fetch(`${s.base}/no/such/page`, { headers: { accept: "application/json" } });
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ error: "not-found" });
  });

  it("tells crawlers what they may read, in plain text", async () => {
    const res = await fetch(`${s.base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/u\/\nDisallow: \/film\nDisallow: \/order\n/);
  });

  it("describes the installable app in a web app manifest, in the brand's colours", async () => {
    const res = await fetch(`${s.base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    expect(await res.json()).toMatchObject({
      id: "/m/",
      name: "Latent",
      short_name: "Latent",
      start_url: "/m/",
      display: "standalone",
      theme_color: "#b4461f",
      background_color: "#ffffff",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    });
  });

  it("answers the companion's pages, and serves its service worker so that a new version is always looked for", async () => {
    for (const path of ["/m", "/m/", "/m/rolls", "/m/rolls/3f2c", "/m/scan"]) {
      const res = await fetch(`${s.base}${path}`, { headers: { accept: "text/html" } });
      expect(res.status, path).toBe(200);
    }
    const worker = await fetch(`${s.base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toContain("javascript");
    expect(worker.headers.get("cache-control")).toBe("no-cache");
  });

  it("serves built assets with a long cache, and keeps API misses as JSON 404s", async () => {
    const asset = await fetch(`${s.base}/assets/app-abc123.js`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const api = await fetch(`${s.base}/api/nothing`, { headers: { accept: "text/html" } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: "not-found" });
  });
});
