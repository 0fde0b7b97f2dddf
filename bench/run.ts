/**
 * `npm run bench [-- --quick] [--json PATH] [--prof]`: throughput and cost of the heart of the product, each against
 * a baseline measured in the same run on the same bytes. The server runs in its own process, as in production, and so
 * does every baseline and the load generator (autocannon), so no client's work counts against the server. Loopback
 * only; on PostgreSQL (a database of its own, dropped afterwards) when DATABASE_URL or TEST_DATABASE_URL is set, else
 * on the embedded PGlite. Prints one table and writes the same rows as JSON (bench/results/<timestamp>.json or
 * `--json PATH`). `--quick`: small inputs and short load tests (under a minute), what CI runs so the bench cannot
 * rot; its figures are not the issue's. `--prof`: the server writes a CPU profile into the results folder. `--hold`:
 * before the load tests, prints the server's address, a token and the roll, and waits for Ctrl-C (probing by hand).
 * Not part of `npm test`: timings are noisy on a shared machine, ratios less so.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import sharp from "sharp";
import { type BenchRow, freePort, freshDatabase, sleep } from "./bench-support.ts";

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const prof = argv.includes("--prof");
const root = new URL("..", import.meta.url).pathname;
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const jsonPath = argv.includes("--json")
  ? argv[argv.indexOf("--json") + 1]!
  : join(root, "bench", "results", `${stamp}${quick ? "-quick" : ""}.json`);
const dir = await mkdtemp(join(tmpdir(), "latent-bench-"));

/** Sizes: the issue's (24 MP scans, 36 of them, 10 s load tests) or CI's smoke run. */
const SIZE = quick
  ? { width: 1800, height: 1200, rollShots: 12, rollWidth: 600, rollHeight: 400, uploads: 2, runs: 1, loadS: 1, settleS: 2, rolls: 12 }
  : { width: 6000, height: 4000, rollShots: 36, rollWidth: 6000, rollHeight: 4000, uploads: 3, runs: 3, loadS: 10, settleS: 60, rolls: 50 };
const MiB = 1024 * 1024;
const mb = (bytes: number) => bytes / MiB;
const rssOf = async (pid: number) => Number((await readFile(`/proc/${pid}/status`, "utf8")).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;

const rows: BenchRow[] = [];
const row = (r: BenchRow) => {
  rows.push(r);
  console.log(`  · ${r.figure}: ${fmt(r.value)}${r.unit ? ` ${r.unit}` : ""}${r.ratio !== null ? ` (ratio ${r.ratio.toFixed(2)})` : ""}`);
};
const fmt = (v: unknown) =>
  typeof v === "number"
    ? Number.isInteger(v) || Math.abs(v) >= 100
      ? v.toFixed(0)
      : v.toFixed(2)
    : v === null || v === undefined
      ? "—"
      : String(v);

/** Child processes: the server, the bare baselines and the load generator each run on their own. */
const children: ChildProcess[] = [];
const start = async (args: string[], env: Record<string, string>, ready: () => Promise<boolean>) => {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  for (let i = 0; i < 600 && !(await ready().catch(() => false)); i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    await sleep(100);
  }
  return child;
};
const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
};
/** Runs a script in a fresh Node process and answers the JSON it prints last. */
const runScript = async <T>(script: string, env: Record<string, string> = {}): Promise<T> => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    env: { ...process.env, ...env },
    maxBuffer: 16 * MiB,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as T;
};

/** A bare loopback server that streams a PUT body to a file: the upload baseline. */
const RAW_PUT_SERVER = `
const { createServer } = require("node:http"); const { createWriteStream } = require("node:fs"); const { pipeline } = require("node:stream/promises");
createServer((req, res) => { pipeline(req, createWriteStream(process.env.TARGET, { highWaterMark: 1 << 20 })).then(() => res.end("ok")); })
  .listen(Number(process.env.PORT), "127.0.0.1");`;
/** A bare node:http server sending one file with 1 MiB reads and its length: the zip baseline. */
const RAW_FILE_SERVER = `
const { createServer } = require("node:http"); const { createReadStream, statSync } = require("node:fs"); const { pipeline } = require("node:stream/promises");
createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/zip", "content-length": statSync(process.env.FILE).size });
  pipeline(createReadStream(process.env.FILE, { highWaterMark: 1 << 20 }), res).catch(() => {});
}).listen(Number(process.env.PORT), "127.0.0.1");`;
/** Best of `runs` timings of a function in a child process; the script defines `work()` and imports what it needs. */
const timeInChild = (imports: string, work: string, runs: number) =>
  runScript<{ ms: number }>(`${imports}
const work = async () => { ${work} };
await work(); // warm-up: module loading, libvips' first use
let ms = Infinity;
for (let i = 0; i < ${runs}; i++) { const t = performance.now(); await work(); ms = Math.min(ms, performance.now() - t); }
console.log(JSON.stringify({ ms }));`);
/** A load test from its own process: autocannon's mean req/s and p99 latency (ms); any non-2xx answer spoils it. */
const load = (url: string, connections: number, headers: Record<string, string> = {}) =>
  runScript<{ rps: number; p99: number; non2xx: number; errors: number }>(
    `import autocannon from "autocannon";
const r = await autocannon({ url: ${JSON.stringify(url)}, connections: ${connections}, duration: ${SIZE.loadS}, headers: ${JSON.stringify(headers)} });
console.log(JSON.stringify({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts }));`,
  ).then((r) => {
    if (r.non2xx || r.errors) throw new Error(`load test of ${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    return r;
  });
/** Downloads a URL the way both zip figures are downloaded: http.get, bytes counted and dropped. */
const download = (url: string, to?: string) =>
  new Promise<{ bytes: number; length: number; ms: number }>((resolve, reject) => {
    const t = performance.now();
    get(url, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      const done = () => resolve({ bytes, length: Number(res.headers["content-length"]), ms: performance.now() - t });
      if (to) pipeline(res, createWriteStream(to)).then(done, reject);
      else {
        res.on("end", done);
        res.on("error", reject);
      }
    }).on("error", reject);
  });

let dropDatabase: (() => Promise<void>) | undefined;
try {
  console.log(`Latent bench${quick ? " (--quick: small inputs, not the issue's figures)" : ""}; preparing inputs…`);
  const tiff16 = join(dir, "scan-16bit.tif");
  const jpeg = join(dir, "scan.jpg");
  const rollJpeg = join(dir, "roll-scan.jpg");
  const noise = (width: number, height: number) => ({
    width,
    height,
    channels: 3 as const,
    noise: { type: "gaussian" as const, mean: 128, sigma: 40 },
  });
  await sharp({ create: noise(SIZE.width, SIZE.height) })
    .toColourspace("rgb16")
    .tiff({ compression: "none" })
    .toFile(tiff16);
  await sharp({ create: noise(SIZE.width, SIZE.height) })
    .jpeg({ quality: 92 })
    .toFile(jpeg);
  await sharp({ create: noise(SIZE.rollWidth, SIZE.rollHeight) })
    .jpeg({ quality: 92 })
    .toFile(rollJpeg);
  const tiffBytes = (await stat(tiff16)).size;
  const rollJpegBytes = (await stat(rollJpeg)).size;

  // The database: PostgreSQL when configured (a fresh database, dropped at the end), else PGlite in the data folder.
  const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    const fresh = await freshDatabase(pgUrl, `latent_bench_${process.pid}`);
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
  const database = databaseUrl ? "PostgreSQL" : "PGlite";

  // The web app: built into the bench's own folder (full run), or CI's build of apps/web/dist (--quick, when present).
  const webDist = quick ? join(root, "apps", "web", "dist") : join(dir, "web-dist");
  if (!quick) {
    console.log("Building the web app…");
    await promisify(execFile)(
      "sh",
      ["scripts/run.sh", "vite", "build", "apps/web", "--outDir", webDist, "--emptyOutDir", "--logLevel", "error"],
      {
        cwd: root,
        maxBuffer: 64 * MiB,
      },
    );
  }

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const resultsDir = join(root, "bench", "results");
  await mkdir(resultsDir, { recursive: true });
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: join(dir, "data"),
    WEB_DIST: webDist,
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // Started with production's V8 flags (apps/server/src/start-flags.ts).
  const { START_FLAGS } = await import("../apps/server/src/start-flags.ts");
  const serverArgs = [
    ...START_FLAGS,
    ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${join(resultsDir, `prof-${stamp}`)}`] : []),
    "apps/server/src/main.ts",
  ];
  const server = await start(serverArgs, env, async () => (await fetch(`${base}/readyz`)).ok);
  const pid = server.pid!;
  console.log(`Server up (pid ${pid}, ${database}); measuring…`);

  // A lab account: its plan has room for 50 rolls and gigabytes of scans.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["apps/server/src/cli/token.ts", "--email", "bench@example.com", "--role", "lab"],
    {
      cwd: root,
      env: { ...process.env, ...env },
    },
  );
  const bearer = `Bearer ${stdout.trim()}`;
  const auth = { authorization: bearer };
  const api = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}/api${path}`, {
      method: init.method ?? "GET",
      headers: { ...auth, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  await api("/user/privacy-policy", { method: "POST" });
  const newRoll = () =>
    api("/film", { method: "POST", body: { brand: "Kodak", model: "Portra 400", iso: 400, format: "135", process: "C-41" } });
  await sleep(3000);
  const rssIdle = await rssOf(pid);

  const put = (url: string, headers: Record<string, string>, file: string, range?: { start: number; end: number }) =>
    fetch(url, {
      method: "PUT",
      headers,
      body: createReadStream(file, { ...range, highWaterMark: MiB }) as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
  const upload = async (filmId: string, index: number, file: string, bytes: number, contentType: string) => {
    const begin = await api(`/film/shot/${filmId}/${index}/upload`, {
      method: "POST",
      body: { content_type: contentType, content_length: bytes },
    });
    for (const [i, url] of (begin.urls as string[]).entries()) {
      const from = i * begin.max_upload_size;
      const to = Math.min(bytes, from + begin.max_upload_size) - 1;
      const res = await put(`${base}${url}`, { ...auth, "content-length": String(to - from + 1) }, file, { start: from, end: to });
      if (!res.ok) throw new Error(`chunk ${i + 1}: ${res.status} ${await res.text()}`);
    }
  };
  const processed = async (filmId: string, count: number) => {
    for (let i = 0; i < 3000; i++) {
      const shots = (await api(`/film/${filmId}`)).shots as { state: string }[];
      if (shots.length >= count && shots.every((s) => s.state === "done" || s.state === "error")) {
        const failed = shots.filter((s) => s.state === "error").length;
        if (failed) throw new Error(`${failed} shots failed processing`);
        return;
      }
      await sleep(100);
    }
    throw new Error("processing did not finish");
  };

  // 1. Chunked upload through the API (auth, sniffing, part bookkeeping, store) vs a bare loopback PUT to a file.
  // Each upload waits for the previous scan's processing, so previews do not compete with the timing.
  const tiffRoll = await newRoll();
  const rawPort = await freePort();
  const raw = await start(["-e", RAW_PUT_SERVER], { PORT: String(rawPort), TARGET: join(dir, "raw-put.bin") }, async () => {
    await fetch(`http://127.0.0.1:${rawPort}/`, { method: "PUT", body: "x" });
    return true;
  });
  let rawMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < SIZE.runs; i++) {
    const t = performance.now();
    await (await put(`http://127.0.0.1:${rawPort}/`, { "content-length": String(tiffBytes) }, tiff16)).text();
    rawMs = Math.min(rawMs, performance.now() - t);
  }
  await stop(raw);
  let apiMs = Number.POSITIVE_INFINITY;
  for (let i = 1; i <= SIZE.uploads; i++) {
    const t = performance.now();
    await upload(tiffRoll.id, i, tiff16, tiffBytes, "image/tiff");
    apiMs = Math.min(apiMs, performance.now() - t);
    await processed(tiffRoll.id, i);
  }
  const rateOf = (ms: number) => mb(tiffBytes) / (ms / 1000);
  row({
    figure: `chunked upload, ${mb(tiffBytes).toFixed(0)} MB TIFF (MB/s; baseline: bare PUT to a file)`,
    value: rateOf(apiMs),
    baseline: rateOf(rawMs),
    ratio: rawMs / apiMs,
    goal: "≥ 0.85",
    meets: rawMs / apiMs >= 0.85,
  });

  // 2. The roll's zip over HTTP vs a bare node:http server sending one file of the same bytes, both downloaded alike:
  // with every file's metadata written in (what a download gives, issue 28), and the files as stored with sidecars.
  const manifest = await api(`/film/${tiffRoll.id}/download`);
  for (const [variant, query] of [
    ["metadata written in", ""],
    ["files as stored + .xmp sidecars", "&xmp=sidecar"],
  ] as const) {
    const zipUrl = `${base}${manifest.zip_url}${query}`;
    const zipFile = join(dir, "roll.zip");
    const first = await download(zipUrl, zipFile);
    const filePort = await freePort();
    const fileServer = await start(["-e", RAW_FILE_SERVER], { PORT: String(filePort), FILE: zipFile }, async () => {
      await download(`http://127.0.0.1:${filePort}/`);
      return true;
    });
    let bareZipMs = Number.POSITIVE_INFINITY;
    let zipMs = Number.POSITIVE_INFINITY;
    // The manifest announces the embedded zip's size; the sidecar zip's is its own first download's.
    let exact = first.bytes === first.length && (query !== "" || first.length === manifest.size);
    const rssBeforeZip = await rssOf(pid);
    let rssPeakZip = rssBeforeZip;
    const sampler = setInterval(() => void rssOf(pid).then((r) => (rssPeakZip = Math.max(rssPeakZip, r))), 20);
    for (let i = 0; i < SIZE.runs; i++) {
      bareZipMs = Math.min(bareZipMs, (await download(`http://127.0.0.1:${filePort}/`)).ms);
      const z = await download(zipUrl);
      exact &&= z.bytes === z.length && z.length === first.length;
      zipMs = Math.min(zipMs, z.ms);
    }
    clearInterval(sampler);
    await stop(fileServer);
    const zipRate = (ms: number) => mb(first.bytes) / (ms / 1000);
    row({
      figure: `roll zip over HTTP, ${variant}, ${SIZE.uploads} TIFFs, ${mb(first.bytes).toFixed(0)} MB (MB/s; baseline: bare node:http sending one file)`,
      value: zipRate(zipMs),
      baseline: zipRate(bareZipMs),
      ratio: bareZipMs / zipMs,
      goal: "≥ 0.80",
      meets: bareZipMs / zipMs >= 0.8,
    });
    row({
      figure: `zip Content-Length exact, ${variant} (= bytes sent = manifest size)`,
      value: exact ? "yes" : "no",
      baseline: null,
      ratio: null,
      goal: "yes",
      meets: exact,
    });
    const growth = mb(rssPeakZip - rssBeforeZip);
    row({
      figure: `server RSS growth while zipping, ${variant} (MB; ${mb(first.bytes).toFixed(0)} MB zip, memory flat in the roll's size)`,
      value: growth,
      baseline: null,
      ratio: null,
      goal: "< 50",
      meets: growth < 50,
      unit: "MB",
    });
  }

  // 3. Preview + thumbnail as the server makes them vs the fastest bare sharp pipeline making the same two outputs.
  // Both in fresh processes with libvips' cache off (a repeated identical operation would otherwise be a cache hit).
  for (const [label, file] of [
    [`${((SIZE.width * SIZE.height) / 1e6).toFixed(0)} MP JPEG`, jpeg],
    [`${((SIZE.width * SIZE.height) / 1e6).toFixed(0)} MP 16-bit TIFF`, tiff16],
  ] as const) {
    const ours = await timeInChild(
      `import { DEFAULT_PROCESSING, makePreviews } from "./apps/server/src/features/shots/shot-processing.ts";`,
      `await makePreviews(${JSON.stringify(file)}, DEFAULT_PROCESSING);`,
      SIZE.runs,
    );
    const bareImports = `import sharp from "sharp"; sharp.cache(false);`;
    // Two ways to make the pair; the faster one is the baseline.
    const fromPreview = await timeInChild(
      bareImports,
      `const preview = await sharp(${JSON.stringify(file)}).resize(2048, 2048, { fit: "inside", withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
       await sharp(preview).resize(480, 480, { fit: "inside", withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();`,
      SIZE.runs,
    );
    const cloned = await timeInChild(
      bareImports,
      `const p = sharp(${JSON.stringify(file)}).resize(2048, 2048, { fit: "inside", withoutEnlargement: true });
       await Promise.all([p.clone().jpeg({ quality: 85 }).toBuffer(), p.clone().resize(480, 480, { fit: "inside", withoutEnlargement: true }).webp({ quality: 78 }).toBuffer()]);`,
      SIZE.runs,
    );
    const bare = Math.min(fromPreview.ms, cloned.ms);
    row({
      figure: `preview + thumbnail, ${label} (ms; baseline: fastest bare sharp pipeline, same two outputs)`,
      value: ours.ms,
      baseline: bare,
      ratio: ours.ms / bare,
      goal: "≤ 1.10",
      meets: ours.ms / bare <= 1.1,
      unit: "ms",
    });
  }

  // 4. A roll of 36 scans processed by the server: its memory after the work, and the roll for the JSON load test.
  const roll = await newRoll();
  for (let i = 1; i <= SIZE.rollShots; i++) await upload(roll.id, i, rollJpeg, rollJpegBytes, "image/jpeg");
  await processed(roll.id, SIZE.rollShots);
  const rssAfterWork = await rssOf(pid);
  const settle = async () => {
    let rss = await rssOf(pid);
    for (let s = 0; s < SIZE.settleS && rss > 350 * MiB; s++) {
      await sleep(1000);
      rss = await rssOf(pid);
    }
    return rss;
  };
  const rssSettledWork = await settle();
  while (((await api("/film")) as unknown[]).length < SIZE.rolls) await newRoll();
  if (argv.includes("--hold")) {
    // For probing by hand: the server stays up with its data until the bench is interrupted.
    console.log(JSON.stringify({ base, authorization: bearer, roll: roll.id, pid }));
    await new Promise((resolve) => process.once("SIGINT", resolve));
  }

  // 5. Roll JSON under load (autocannon in its own process) vs /healthz on the same server.
  const headers = { authorization: bearer };
  const health50 = await load(`${base}/healthz`, 50);
  const detail50 = await load(`${base}/api/film/${roll.id}`, 50, headers);
  const list50 = await load(`${base}/api/film`, 50, headers);
  const detail10 = await load(`${base}/api/film/${roll.id}`, 10, headers);
  const list10 = await load(`${base}/api/film`, 10, headers);
  row({
    figure: `GET /api/film/{id}, ${SIZE.rollShots} shots, 50 connections, ${database} (req/s; baseline: /healthz)`,
    value: detail50.rps,
    baseline: health50.rps,
    ratio: detail50.rps / health50.rps,
    goal: "≥ 0.25",
    meets: detail50.rps / health50.rps >= 0.25,
  });
  row({
    figure: "GET /api/film/{id} p99 latency, 10 connections",
    value: detail10.p99,
    baseline: null,
    ratio: null,
    goal: "< 10 ms",
    meets: detail10.p99 < 10,
    unit: "ms",
  });
  row({
    figure: `GET /api/film, ${SIZE.rolls} rolls, 50 connections, ${database} (req/s; baseline: /healthz)`,
    value: list50.rps,
    baseline: health50.rps,
    ratio: list50.rps / health50.rps,
    goal: "≥ 0.25",
    meets: list50.rps / health50.rps >= 0.25,
  });
  row({
    figure: "GET /api/film p99 latency, 10 connections",
    value: list10.p99,
    baseline: null,
    ratio: null,
    goal: "< 10 ms",
    meets: list10.p99 < 10,
    unit: "ms",
  });

  // 6. The server's memory: idle, after the scans' processing, after the load test (each given up to settleS to come back).
  const rssAfterLoad = await rssOf(pid);
  const rssSettledLoad = await settle();
  const settledNote = `within ${SIZE.settleS} s`;
  row({
    figure: "server RSS idle (MB)",
    value: mb(rssIdle),
    baseline: null,
    ratio: null,
    goal: "≤ 200",
    meets: mb(rssIdle) <= 200,
    unit: "MB",
  });
  row({
    figure: `server RSS after processing ${SIZE.rollShots} × ${((SIZE.rollWidth * SIZE.rollHeight) / 1e6).toFixed(1)} MP scans (MB; right after → ${settledNote})`,
    value: mb(rssSettledWork),
    baseline: null,
    ratio: null,
    goal: "≤ 350 within 60 s",
    meets: mb(rssSettledWork) <= 350,
    unit: "MB",
    note: `${mb(rssAfterWork).toFixed(0)} MB right after`,
  });
  row({
    figure: `server RSS after the load test (MB; right after → ${settledNote})`,
    value: mb(rssSettledLoad),
    baseline: null,
    ratio: null,
    goal: "≤ 350 within 60 s",
    meets: mb(rssSettledLoad) <= 350,
    unit: "MB",
    note: `${mb(rssAfterLoad).toFixed(0)} MB right after`,
  });
  // 7. A thumbnail while wrong passwords are checked at once (issue 24): each check is ~130 ms of scrypt on libuv's
  // thread pool, which file reads share. One wrong password from each of as many accounts, so the per-account limit
  // stops none of them: the thumbnail stays fast only if hashing never holds every thread.
  const guesses = quick ? 16 : 64;
  const { readDevSecret } = await import("../apps/server/src/features/identity/provider/dev-token.routes.ts");
  const devSecret = await readDevSecret(env.DATA_DIR!);
  const guessers: string[] = [];
  for (let i = 0; i < guesses; i++) {
    const res = await fetch(`${base}/auth/dev-token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-latent-dev-secret": devSecret },
      body: JSON.stringify({ email: `guesser-${i}@example.com`, role: "user" }),
    });
    if (!res.ok) throw new Error(`dev token ${i}: ${res.status} ${await res.text()}`);
    guessers.push(((await res.json()) as { access_token: string }).access_token);
  }
  const thumbnail = `${base}${((await api(`/film/${roll.id}`)).shots as { version: { thumbnail_url: string } }[])[0]!.version.thumbnail_url}`;
  const thumbnailMs = async () => {
    const t = performance.now();
    const res = await fetch(thumbnail);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`thumbnail: ${res.status}`);
    return performance.now() - t;
  };
  const p99 = (samples: number[]) => samples.toSorted((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))]!;
  const idle: number[] = [];
  for (let i = 0; i < 100; i++) {
    idle.push(await thumbnailMs());
    await sleep(20);
  }
  let checking = true;
  const wrong = Promise.all(
    guessers.map((token) =>
      fetch(`${base}/api/account/password`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ current_password: "not the password", new_password: "a new long passphrase" }),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 403) throw new Error(`wrong password answered ${res.status}`);
      }),
    ),
  ).finally(() => {
    checking = false;
  });
  // Open loop: a thumbnail asked every 20 ms whatever the previous one's fate, as many people's pages would, so a
  // request stuck behind the hashes does not hold back the next sample (a closed loop would count it once).
  const since = performance.now();
  const asked: Promise<number>[] = [];
  while (checking) {
    asked.push(thumbnailMs());
    await sleep(20);
  }
  await wrong;
  const busy = await Promise.all(asked);
  const checksS = (performance.now() - since) / 1000;
  row({
    figure: `thumbnail while ${guesses} wrong passwords are checked at once, p99 (ms; baseline: the same thumbnail idle)`,
    value: p99(busy),
    baseline: p99(idle),
    ratio: p99(busy) / p99(idle),
    goal: "< 100 ms",
    meets: p99(busy) < 100,
    unit: "ms",
    note: `${busy.length} thumbnails while the ${guesses} checks took ${checksS.toFixed(1)} s; slowest ${Math.max(...busy).toFixed(0)} ms`,
  });

  // 8. The archive search (issue 29) on a seeded long-time shooter's archive, through the API, beside /healthz: on
  // PostgreSQL only (bench/archive-search.ts seeds it over SQL beside the running server).
  if (databaseUrl) {
    const { measureArchiveSearch } = await import("./archive-search.ts");
    for (const r of await measureArchiveSearch({ base, env, databaseUrl, quick })) row(r);
  } else {
    row({
      figure: "archive search GET film/search and shots/search, 2,000 rolls / 70,000 frames, p95 (ms)",
      value: "not measured",
      baseline: null,
      ratio: null,
      goal: "< 100 ms",
      meets: null,
      note: "the archive is seeded over SQL: PostgreSQL only",
    });
  }

  // 8b. The lab's orders list (issue 30) with 10,000 orders seeded over SQL beside the running server: first page,
  // a deep page by cursor, searches by reference, customer and email (bench/orders-list.ts); PostgreSQL only.
  if (databaseUrl) {
    const { measureOrdersList } = await import("./orders-list.ts");
    for (const r of await measureOrdersList({ base, env, databaseUrl, quick })) row(r);
  } else {
    row({
      figure: "lab orders list GET orders, 10,000 orders: first page, deep page, searches, p95 (ms)",
      value: "not measured",
      baseline: null,
      ratio: null,
      goal: "< 100 ms",
      meets: null,
      note: "the orders are seeded over SQL: PostgreSQL only",
    });
  }

  // 9. The web app's figures, measured by bench/web.ts (the roll page on this server, in a full run only).
  await webRows({ webDist, base, token: stdout.trim() });

  // 9b. Pages on a phone (issue 32): Lighthouse's mobile emulation on the landing, pricing, a shared roll and the
  // companion, median of 3 (bench/lighthouse.ts); --quick: the landing, once.
  try {
    await stat(join(webDist, "index.html"));
    const { measureLighthouse } = await import("./lighthouse.ts");
    for (const r of await measureLighthouse({ base, env, quick })) row(r);
  } catch (err) {
    row({
      figure: "Lighthouse mobile: performance ≥ 90, LCP ≤ 2.5 s, unused JS + CSS ≤ 30 KB",
      value: "not measured",
      baseline: null,
      ratio: null,
      goal: "≥ 90; ≤ 2500 ms; ≤ 30 KB",
      meets: null,
      note: String(err).slice(0, 160),
    });
  }
  await stop(server);

  // 9c. An archive of real size under a photographers' read/write mix, with the reply cache on and off (issue 32):
  // bench/archive-load.ts seeds 200 photographers beside the bench's rows and starts its own servers on the same
  // database and data folder, one at a time (without Redis an instance runs alone); PostgreSQL only.
  if (databaseUrl) {
    const { measureArchiveLoad } = await import("./archive-load.ts");
    // A refused request under the mix (its status, what was asked, the answer's start) fails this figure, said in its
    // row and on stderr, not the whole bench: the API suites are where refusals are tests.
    const measured = await measureArchiveLoad({ databaseUrl, quick, prof, dataDir: env.DATA_DIR! }).catch((err: Error) => {
      console.error(`archive mix not measured: ${err.message}`);
      return [
        {
          figure: "archive mix 90 % reads / 10 % writes, 50 connections",
          value: "failed",
          baseline: null,
          ratio: null,
          goal: "≥ 0.30 of /healthz (cache on), ≥ 0.20 (off)",
          meets: false,
          note: err.message.slice(0, 600),
        },
      ];
    });
    for (const r of measured) row(r);
  } else {
    row({
      figure: "archive mix 90 % reads / 10 % writes, 200 photographers × 20 rolls × 36 frames, 50 connections",
      value: "not measured",
      baseline: null,
      ratio: null,
      goal: "≥ 0.30 of /healthz (cache on), ≥ 0.20 (off)",
      meets: null,
      note: "the archive is seeded over SQL: PostgreSQL only",
    });
  }

  // Uploads at wire speed (issue 32): one connection and 8 at once, against bare PUTs with the fastest client, on a
  // server of its own (bench/upload-wire.ts); its CPU per uploaded GB is what docs/capacity.md sizes uploads with.
  const { measureUploadWire } = await import("./upload-wire.ts");
  const uploadWire = await measureUploadWire({ quick });
  for (const r of uploadWire.rows) row(r);
  console.log(
    `  per instance (docs/capacity.md): ${(uploadWire.capacity.apiCpuMsPerGb / 1000).toFixed(2)} CPU-s per uploaded GB, ${uploadWire.capacity.concurrentMBps.toFixed(0)} MB/s of concurrent uploads`,
  );

  // 10. `latent push` of a folder of scans (issue 30) against curl, on a server of its own (bench/cli-push.ts).
  const { measureCliPush } = await import("./cli-push.ts");
  for (const r of await measureCliPush({ quick })) row(r);

  printTable();
  // The per-instance figures docs/capacity.md sizes a fleet with, from this run's own rows.
  const figureValue = (start: string) => rows.find((r) => r.figure.startsWith(start))?.value;
  const scanMs = figureValue("preview + thumbnail") as number | undefined;
  const rollRps = figureValue("GET /api/film/{id}") as number | undefined;
  console.log(
    `\nPer instance (docs/capacity.md): uploads ${(uploadWire.capacity.apiCpuMsPerGb / 1000).toFixed(2)} CPU-s per GB, ` +
      `${uploadWire.capacity.concurrentMBps.toFixed(0)} MB/s at once; previews ${scanMs ? `${(60_000 / scanMs).toFixed(0)} scans per core-minute (${scanMs.toFixed(0)} ms each)` : "—"}; ` +
      `roll pages ${rollRps ? `${rollRps.toFixed(0)} req/s at 50 connections` : "—"}; RSS after load ${fmt(figureValue("server RSS after the load test"))} MB`,
  );
  console.log(
    `${cpus().length} cores; load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} (other work on the machine skews absolute figures; ratios less)`,
  );
  await mkdir(join(jsonPath, ".."), { recursive: true });
  await writeFile(
    jsonPath,
    `${JSON.stringify({ at: new Date().toISOString(), quick, database, node: process.version, cpus: cpus().length, loadavg: loadavg(), rows }, null, 2)}\n`,
  );
  console.log(`\nWritten to ${jsonPath}${prof ? `; CPU profile in ${join(resultsDir, `prof-${stamp}`)}` : ""}`);
} finally {
  for (const child of children) if (child.exitCode === null) child.kill();
  await sleep(300);
  await dropDatabase?.().catch((err) => console.error(`could not drop the bench database: ${err}`));
  await rm(dir, { recursive: true, force: true });
}

/** The web app's rows: bench/web.ts measures the bundle and the 100-shot roll page; the headers are checked here. */
async function webRows({ webDist, base, token }: { webDist: string; base: string; token: string }) {
  const notMeasured = (figure: string, goal: string, why: string) =>
    row({ figure, value: "not measured", baseline: null, ratio: null, goal, meets: null, note: why });
  let web: typeof import("./web.ts") | null = null;
  try {
    web = await import("./web.ts");
  } catch (err) {
    console.error(`bench/web.ts could not be loaded: ${err}`);
  }
  const built = await stat(join(webDist, "index.html")).then(
    () => true,
    () => false,
  );
  if (!web || !built) {
    const why = web ? `no build in ${webDist}` : "bench/web.ts missing";
    notMeasured("web initial JS, gzip (KB)", "≤ 200", why);
    notMeasured("text assets precompressed (br + gz), hashed assets immutable", "yes", why);
    notMeasured("100-shot roll page: first thumbnail visible (ms)", "< 1000", why);
    return;
  }
  const bundle = await web.measureWebBundle(webDist);
  const kb = bundle.initialGzipBytes / 1024;
  row({
    figure: `web initial JS, gzip (KB; ${bundle.initialJsFiles} files; largest chunk ${(bundle.largestChunk.rawBytes / 1000).toFixed(0)} kB raw)`,
    value: kb,
    baseline: null,
    ratio: null,
    goal: "≤ 200, no chunk over 500 kB",
    meets: kb <= 200 && bundle.largestChunk.rawBytes <= 500_000,
    unit: "KB",
  });
  if (quick) {
    row({
      figure: "text assets precompressed (br + gz)",
      value: bundle.notPrecompressed.length ? `${bundle.notPrecompressed.length} not` : "all",
      baseline: null,
      ratio: null,
      goal: "all",
      meets: bundle.notPrecompressed.length === 0,
    });
    notMeasured("100-shot roll page: first thumbnail visible (ms)", "< 1000", "--quick");
    return;
  }
  // What the server sends for a hashed script: compressed when asked, cached for good.
  const script = bundle.files.find((f) => f.kind === "js")!.file;
  const res = await fetch(`${base}/${script}`, { headers: { "accept-encoding": "br, gzip" } });
  await res.arrayBuffer();
  const encoding = res.headers.get("content-encoding");
  const cache = res.headers.get("cache-control") ?? "";
  const served = bundle.notPrecompressed.length === 0 && !!encoding && /immutable/.test(cache);
  row({
    figure: "text assets precompressed (br + gz), hashed assets immutable",
    value: `${bundle.notPrecompressed.length} not precompressed; ${script}: ${encoding ?? "uncompressed"}, "${cache}"`,
    baseline: null,
    ratio: null,
    goal: "all; br/gzip; immutable",
    meets: served,
  });
  try {
    const filmId = await web.prepareRollPage({ baseUrl: base, token, shots: 100 });
    const page = await web.measureRollPage({ baseUrl: base, token, filmId });
    row({
      figure: `100-shot roll page: first thumbnail visible (ms; ${page.coldScripts} scripts; first screen ${page.firstScreenMs} ms, warm ${page.warmFirstScreenMs} ms)`,
      value: page.firstThumbnailMs,
      baseline: null,
      ratio: null,
      goal: "< 1000",
      meets: page.firstThumbnailMs < 1000,
      unit: "ms",
    });
    row({
      figure: `100-shot roll page scrolling: frames over 50 ms (of ${page.frames}; longest ${page.longestFrameMs} ms; at most ${page.maxTilesInDom} tiles in the page)`,
      value: page.slowFrames,
      baseline: null,
      ratio: null,
      goal: "smooth: virtualised",
      meets: page.maxTilesInDom < page.shots,
    });
  } catch (err) {
    notMeasured("100-shot roll page: first thumbnail visible (ms)", "< 1000", String(err).slice(0, 120));
  }
}

function printTable() {
  const header = ["figure", "value", "baseline", "ratio", "goal", "meets?"];
  const body = rows.map((r) => [
    r.figure,
    `${fmt(r.value)}${r.unit && typeof r.value === "number" ? ` ${r.unit}` : ""}${r.note ? ` (${r.note})` : ""}`,
    fmt(r.baseline),
    r.ratio === null ? "—" : r.ratio.toFixed(2),
    r.goal,
    r.meets === null ? "—" : r.meets ? "yes" : "NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n${body.map(line).join("\n")}`);
}
