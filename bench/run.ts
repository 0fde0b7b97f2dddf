/**
 * `npm run bench`: throughput and cost of the heart of the product, each against a baseline measured in the
 * same run on the same bytes. The server runs in its own process, as in production, so the client's work does not
 * count against it. Loopback only; stops by itself. Not part of `npm test`.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { get } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { DEFAULT_PROCESSING, makePreviews } from "../apps/server/src/features/shots/shot-processing.ts";

const root = new URL("..", import.meta.url).pathname;
const dir = await mkdtemp(join(tmpdir(), "latent-bench-"));
const mb = (bytes: number) => bytes / 1024 / 1024;
const rate = (bytes: number, ms: number) => mb(bytes) / (ms / 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const best = async (runs: number, fn: () => Promise<unknown>) => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
};
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const rssOf = async (pid: number) => Number((await readFile(`/proc/${pid}/status`, "utf8")).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;

/** A bare loopback server that streams a PUT body to a file: the baseline for uploads. */
const RAW_PUT_SERVER = `
const { createServer } = require("node:http"); const { createWriteStream } = require("node:fs"); const { pipeline } = require("node:stream/promises");
createServer((req, res) => { pipeline(req, createWriteStream(process.env.TARGET, { highWaterMark: 1 << 20 })).then(() => res.end("ok")); })
  .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));`;

const children: ChildProcess[] = [];
const start = async (args: string[], env: Record<string, string>, ready: () => Promise<boolean>) => {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  for (let i = 0; i < 300 && !(await ready().catch(() => false)); i++) await sleep(100);
  return child;
};
const put = (url: string, headers: Record<string, string>, file: string, range?: { start: number; end: number }) =>
  fetch(url, {
    method: "PUT",
    headers,
    body: createReadStream(file, { ...range, highWaterMark: 1 << 20 }) as unknown as BodyInit,
    duplex: "half",
  } as RequestInit);

try {
  console.log("Preparing scans…");
  const tiff16 = join(dir, "scan-24mp-16bit.tif");
  const jpeg24 = join(dir, "scan-24mp.jpg");
  const noise = { width: 6000, height: 4000, channels: 3 as const, noise: { type: "gaussian" as const, mean: 128, sigma: 40 } };
  await sharp({ create: noise }).toColourspace("rgb16").tiff({ compression: "none" }).toFile(tiff16);
  await sharp({ create: noise }).jpeg({ quality: 92 }).toFile(jpeg24);
  const tiffBytes = (await stat(tiff16)).size;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn", PROCESSING_CONCURRENCY: "2" };
  const server = await start(["apps/server/src/main.ts"], env, async () => (await fetch(`${base}/readyz`)).ok);
  const { stdout } = await promisify(execFile)(process.execPath, ["apps/server/src/cli/token.ts", "--email", "bench@example.com"], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  const auth = { authorization: `Bearer ${stdout.trim()}` };
  await fetch(`${base}/api/user/privacy-policy`, { method: "POST", headers: auth });
  const film = await (
    await fetch(`${base}/api/film`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ brand: "Kodak", model: "Portra 400", iso: 400, format: "120", process: "C-41" }),
    })
  ).json();

  // 1. Upload through the API (auth, sniffing, part bookkeeping, store) vs a bare loopback PUT to a file.
  const uploadOnce = async (index: number) => {
    const begin = await (
      await fetch(`${base}/api/film/shot/${film.id}/${index}/upload`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ content_type: "image/tiff", content_length: tiffBytes }),
      })
    ).json();
    for (const [i, url] of (begin.urls as string[]).entries()) {
      const from = i * begin.max_upload_size;
      const to = Math.min(tiffBytes, from + begin.max_upload_size) - 1;
      const res = await put(`${base}${url}`, { ...auth, "content-length": String(to - from + 1) }, tiff16, { start: from, end: to });
      if (!res.ok) throw new Error(`chunk ${i + 1}: ${res.status} ${await res.text()}`);
    }
  };
  const rawPort = await freePort();
  const raw = await start(["-e", RAW_PUT_SERVER], { PORT: String(rawPort), TARGET: join(dir, "raw-put.bin") }, async () => {
    await fetch(`http://127.0.0.1:${rawPort}/`, { method: "PUT", body: "x" });
    return true;
  });
  const rawMs = await best(3, async () =>
    (await put(`http://127.0.0.1:${rawPort}/`, { "content-length": String(tiffBytes) }, tiff16)).text(),
  );
  raw.kill();
  let index = 0;
  const apiMs = await best(3, () => uploadOnce(++index));
  for (let i = 0; i < 2; i++) await uploadOnce(++index);
  console.log(
    `upload   ${mb(tiffBytes).toFixed(0)} MB scan: API ${rate(tiffBytes, apiMs).toFixed(0)} MB/s, raw loopback PUT ${rate(tiffBytes, rawMs).toFixed(0)} MB/s → ratio ${(rawMs / apiMs).toFixed(2)}`,
  );

  // 2. Zip streaming of the roll vs reading the same files straight from disk; the server's peak memory meanwhile.
  for (let i = 0; i < 600; i++) {
    const shots = (await (await fetch(`${base}/api/film/${film.id}`, { headers: auth })).json()).shots as { state: string }[];
    if (shots.every((s) => s.state === "done" || s.state === "error")) break;
    await sleep(100);
  }
  const manifest = await (await fetch(`${base}/api/film/${film.id}/download`, { headers: auth })).json();
  const files = (manifest.files as { file_url: string }[]).map((f) =>
    join(env.DATA_DIR, "objects", new URL(f.file_url, base).pathname.replace(/^\/media\//, "")),
  );
  const before = await rssOf(server.pid!);
  let peak = before;
  const sampler = setInterval(() => void rssOf(server.pid!).then((r) => (peak = Math.max(peak, r))), 20);
  let zipBytes = 0;
  const zipMs = await best(2, async () => {
    zipBytes = 0;
    await new Promise<void>((resolve, reject) => {
      get(`${base}${manifest.zip_url}`, (res) => {
        res.on("data", (chunk: Buffer) => {
          zipBytes += chunk.length;
        });
        res.on("end", resolve);
        res.on("error", reject);
      }).on("error", reject);
    });
  });
  clearInterval(sampler);
  const readMs = await best(2, async () => {
    for (const file of files) for await (const _ of createReadStream(file, { highWaterMark: 1 << 20 }));
  });
  console.log(
    `zip      ${files.length} scans, ${mb(zipBytes).toFixed(0)} MB: zip stream ${rate(zipBytes, zipMs).toFixed(0)} MB/s, raw file read ${rate(zipBytes, readMs).toFixed(0)} MB/s → ratio ${(readMs / zipMs).toFixed(2)}; server RSS ${mb(before).toFixed(0)} MB before, peak ${mb(peak).toFixed(0)} MB while zipping`,
  );

  // 3. Preview + thumbnail per scan vs a bare sharp thumbnail of the same file.
  for (const [label, file] of [
    ["24 MP JPEG", jpeg24],
    ["24 MP 16-bit TIFF", tiff16],
  ] as const) {
    const ours = await best(3, () => makePreviews(file, DEFAULT_PROCESSING));
    const bare = await best(3, () => sharp(file).resize(480, 480, { fit: "inside" }).webp().toBuffer());
    console.log(
      `thumb    ${label}: Latent ${ours.toFixed(0)} ms (preview + thumbnail), bare sharp thumbnail ${bare.toFixed(0)} ms → ratio ${(ours / bare).toFixed(2)}`,
    );
  }
} finally {
  for (const child of children) child.kill();
  await sleep(300);
  await rm(dir, { recursive: true, force: true });
}
