/**
 * `npm run bench`: throughput and cost of the heart of the product, each against a baseline measured in the
 * same run on the same bytes. Loopback only; stops by itself. Not part of `npm test`.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer, get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { DEFAULT_PROCESSING, makePreviews } from "../apps/server/src/features/shots/shot-processing.ts";

const dir = await mkdtemp(join(tmpdir(), "latent-bench-"));
const mb = (bytes: number) => bytes / 1024 / 1024;
const rate = (bytes: number, ms: number) => mb(bytes) / (ms / 1000);
const time = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const best = async (runs: number, fn: () => Promise<unknown>) => {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) min = Math.min(min, await time(fn));
  return min;
};

console.log("Preparing scans…");
const tiff16 = join(dir, "scan-24mp-16bit.tif");
const jpeg24 = join(dir, "scan-24mp.jpg");
const noise = { width: 6000, height: 4000, channels: 3 as const, noise: { type: "gaussian" as const, mean: 128, sigma: 40 } };
await sharp({ create: noise }).toColourspace("rgb16").tiff({ compression: "none" }).toFile(tiff16);
await sharp({ create: noise }).jpeg({ quality: 92 }).toFile(jpeg24);
const tiffBytes = (await stat(tiff16)).size;

const config = loadConfig({ DATA_DIR: join(dir, "data"), LOG_LEVEL: "warn", PROCESSING_CONCURRENCY: "2" });
const latent = await buildApp(config);
const base = (await latent.app.listen({ port: 0, host: "127.0.0.1" })).replace("[::1]", "127.0.0.1");
try {
  const token = await latent.identity.mint!({ sub: "bench-user", email: "bench@example.com", role: "user" });
  const auth = { authorization: `Bearer ${token}` };
  await fetch(`${base}/api/user/privacy-policy`, { method: "POST", headers: auth });
  await latent.db.updateTable("users").set({ plan: "unlimited" }).where("id", "=", "bench-user").execute();
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
      const start = i * begin.max_upload_size;
      const end = Math.min(tiffBytes, start + begin.max_upload_size) - 1;
      const res = await fetch(`${base}${url}`, {
        method: "PUT",
        headers: { ...auth, "content-length": String(end - start + 1) },
        body: createReadStream(tiff16, { start, end, highWaterMark: 1 << 20 }) as unknown as BodyInit,
        duplex: "half",
      } as RequestInit);
      if (!res.ok) throw new Error(`chunk ${i + 1}: ${res.status} ${await res.text()}`);
    }
  };
  const raw = createServer((req, res) => {
    void pipeline(req, createWriteStream(join(dir, "raw-put.bin"), { highWaterMark: 1 << 20 })).then(() => res.end("ok"));
  });
  await new Promise<void>((r) => raw.listen(0, "127.0.0.1", r));
  const rawPort = (raw.address() as { port: number }).port;
  const rawPut = async () => {
    const res = await fetch(`http://127.0.0.1:${rawPort}/`, {
      method: "PUT",
      headers: { "content-length": String(tiffBytes) },
      body: createReadStream(tiff16, { highWaterMark: 1 << 20 }) as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
    await res.text();
  };
  const rawMs = await best(3, rawPut);
  raw.close();
  let index = 0;
  const apiMs = await best(3, () => uploadOnce(++index));
  for (let i = 0; i < 2; i++) await uploadOnce(++index);
  console.log(
    `upload   ${mb(tiffBytes).toFixed(0)} MB scan: API ${rate(tiffBytes, apiMs).toFixed(0)} MB/s, raw loopback PUT ${rate(tiffBytes, rawMs).toFixed(0)} MB/s → ratio ${(rawMs / apiMs).toFixed(2)}`,
  );

  // 2. Zip streaming of the roll vs reading the same files straight from disk; peak memory while zipping.
  await latent.processor.drain();
  for (let i = 0; i < 200; i++) {
    const pending = await latent.db.selectFrom("shots").select("id").where("state", "in", ["pending", "uploading"]).execute();
    if (pending.length === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const manifest = await (await fetch(`${base}/api/film/${film.id}/download`, { headers: auth })).json();
  const shots = await latent.db
    .selectFrom("shots")
    .select("object_key")
    .where("film_id", "=", film.id)
    .where("state", "=", "done")
    .execute();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let zipBytes = 0;
  // node:http rather than fetch: WHATWG streams in the same process would cost more than the server being measured.
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
    for (const s of shots) {
      for await (const _ of createReadStream(join(config.dataDir, "objects", s.object_key), { highWaterMark: 1 << 20 }));
    }
  });
  console.log(
    `zip      ${shots.length} scans, ${mb(zipBytes).toFixed(0)} MB: zip stream ${rate(zipBytes, zipMs).toFixed(0)} MB/s, raw file read ${rate(zipBytes, readMs).toFixed(0)} MB/s → ratio ${(readMs / zipMs).toFixed(2)}; peak RSS +${mb(peak - before).toFixed(0)} MB while zipping`,
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
  await writeFile(join(dir, "done"), "");
} finally {
  await latent.close();
  await rm(dir, { recursive: true, force: true });
}
