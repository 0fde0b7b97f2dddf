import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { type IncomingMessage, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding } from "../src/features/web/spa.ts";
import { startServer, type TestServer } from "./harness.ts";

/** A GET whose body is left as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ res: IncomingMessage; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ res, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

// A built app as the web build leaves it: every text file with its .br and .gz (apps/web/vite-plugins/precompress.ts).
const SCRIPT = `console.log(${JSON.stringify("latent ".repeat(200))});`;
const PAGE = `<!doctype html><title>Latent</title><script type="module" src="/assets/index-Ab12Cd.js"></script><div id=root></div>`;

describe("the built web app's files, compressed and cached", () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "latent-dist-"));
    await mkdir(join(dist, "assets"));
    await mkdir(join(dist, ".vite"));
    const write = async (path: string, text: string) => {
      await writeFile(join(dist, path), text);
      await writeFile(join(dist, `${path}.br`), brotliCompressSync(text));
      await writeFile(join(dist, `${path}.gz`), gzipSync(text));
    };
    await write("assets/index-Ab12Cd.js", SCRIPT);
    await write("index.html", PAGE);
    await write("favicon.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    await writeFile(join(dist, ".vite", "manifest.json"), "{}");
    s = await startServer("pglite", { WEB_DIST: dist });
  });
  afterAll(async () => {
    await s?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("sends a script brotli-compressed to a browser that takes br, gzip to one that takes only gzip, plain otherwise", async () => {
    const url = `${s.base}/assets/index-Ab12Cd.js`;
    const br = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.res.statusCode).toBe(200);
    expect(br.res.headers["content-encoding"]).toBe("br");
    expect(br.res.headers["content-type"]).toContain("javascript");
    expect(br.res.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 5);

    const gz = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gz.res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(url, { "accept-encoding": "identity" });
    expect(plain.res.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("lets browsers keep hashed assets for a year without asking again, and ask again for everything else", async () => {
    const asset = await fetch(`${s.base}/assets/index-Ab12Cd.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const icon = await fetch(`${s.base}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("cache-control")).toBe("no-cache");
    for (const path of ["/", "/u/films"]) {
      const page = await fetch(`${s.base}${path}`, { headers: { accept: "text/html" } });
      expect(page.headers.get("cache-control"), path).toBe("no-cache");
    }
  });

  it("sends the app's page compressed too, on every path of the app and on the not-found page", async () => {
    for (const path of ["/", "/u/films/123", "/no-such-page"]) {
      const page = await rawGet(`${s.base}${path}`, { accept: "text/html", "accept-encoding": "br, gzip" });
      expect(page.res.headers["content-encoding"], path).toBe("br");
      expect(page.res.headers.vary, path).toContain("accept-encoding");
      expect(brotliDecompressSync(page.body).toString(), path).toBe(PAGE);
    }
    const gz = await rawGet(`${s.base}/`, { accept: "text/html", "accept-encoding": "gzip;q=1, br;q=0" });
    expect(gz.res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    const plain = await rawGet(`${s.base}/`, { accept: "text/html" });
    expect(plain.body.toString()).toBe(PAGE);
  });

  it("does not serve the build's own bookkeeping (dot folders)", async () => {
    const res = await fetch(`${s.base}/.vite/manifest.json`, { headers: { accept: "application/json" } });
    expect(res.status).toBe(404);
  });
});

describe("choosing an encoding from Accept-Encoding", () => {
  it("prefers br, then gzip, and never one the client refused with q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("BR")).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("")).toBeNull();
    expect(preferredEncoding("gzip;q=0.0, br;q=0")).toBeNull();
  });
});
