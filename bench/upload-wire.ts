/**
 * Uploads at wire speed (issue 32, goal 1): a scan (115 MB; `--quick`: 40 MB) sent through the API in 16 MiB chunks,
 * as the web sends them, one connection, and 8 uploads at once (`--quick`: 2), against the same chunks PUT to a bare
 * Node HTTP server that streams each request to its offset in one file per upload. Both are driven by the fastest
 * client measured on the bare server: curl (one process per upload, one connection, `Expect` off) or Node's fetch
 * (undici) with each chunk in memory. The server runs on its own as `ROLE=web` (no previews compete for the two
 * cores), on PostgreSQL (a database of its own) when DATABASE_URL or TEST_DATABASE_URL is set, else PGlite. The API's
 * time runs from the upload's start (`POST …/upload`) to the last chunk's answer. Beside the rates, each server's CPU
 * per uploaded gigabyte (from /proc, all threads): the figure that sizes a fleet (docs/capacity.md).
 * `bench/run.ts` calls `measureUploadWire`; `node bench/upload-wire.ts [--quick] [--prof]` runs it alone (`--prof`:
 * the API server writes a CPU profile into bench/results/; `--no-start-flags`: the server starts without the V8 flags of
 * apps/server/src/start-flags.ts, to measure what they give).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomFillSync } from "node:crypto";
import { mkdir, mkdtemp, open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { type BenchRow, freePort, freshDatabase, sleep, startBenchServer } from "./bench-support.ts";

/** What docs/capacity.md takes from this bench: one instance's upload cost. */
export interface UploadCapacity {
  /** Server CPU per uploaded gigabyte (ms), all threads, one connection. */
  apiCpuMsPerGb: number;
  bareCpuMsPerGb: number;
  /** Aggregate rate of the concurrent uploads through one instance (MB/s). */
  concurrentMBps: number;
}

const root = new URL("..", import.meta.url).pathname;
const PART = 16 * 1024 * 1024;
const MB = 1e6;
/** A process's CPU time so far, all threads (ms). */
const cpuMsOf = async (pid: number) => {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

/** The baseline's receiver: each PUT /<upload>/<part> streamed with 1 MiB writes to its offset in the upload's file. */
const BARE_PUT_SERVER = `
const { createServer } = require("node:http"); const { createWriteStream } = require("node:fs"); const { pipeline } = require("node:stream/promises");
createServer((req, res) => {
  if (req.method !== "PUT") return res.end("ok");
  const [, upload, part] = req.url.split("/");
  const start = (Number(part) - 1) * ${PART};
  pipeline(req, createWriteStream(process.env.DIR + "/" + upload, { flags: part === "1" ? "w" : "r+", start, highWaterMark: 1 << 20 }))
    .then(() => res.end("ok"), () => res.destroy());
}).listen(Number(process.env.PORT), "127.0.0.1");`;

/** The Node client: each chunk read into memory, then sent with fetch (undici) on one kept-alive connection. */
const FETCH_CLIENT = `
const { readFile } = require("node:fs/promises");
const { urls, files, headers } = JSON.parse(process.env.JOB);
(async () => {
  const t = performance.now();
  for (let i = 0; i < urls.length; i++) {
    const res = await fetch(urls[i], { method: "PUT", headers, body: await readFile(files[i]) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(urls[i] + ": " + res.status);
  }
  console.log(performance.now() - t);
})().catch((err) => { console.error(String(err)); process.exit(1); });`;

type Client = "curl" | "fetch";

/** Sends the chunks to their URLs with one client process; answers the client's own time for the transfer (ms). */
function send(client: Client, urls: string[], files: string[], headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const t = performance.now();
    const child =
      client === "curl"
        ? spawn(
            "curl",
            [
              "-sS",
              "--fail",
              "-H",
              "Expect:",
              ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
              ...urls.flatMap((url, i) => ["-o", "/dev/null", "-T", files[i]!, url]),
            ],
            { stdio: ["ignore", "pipe", "pipe"] },
          )
        : spawn(process.execPath, ["-e", FETCH_CLIENT], {
            env: { ...process.env, JOB: JSON.stringify({ urls, files, headers }) },
            stdio: ["ignore", "pipe", "pipe"],
          });
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr!.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${client} exited ${code}: ${err}`));
      // Node's start-up (≈ 50 ms) is not the transfer: the fetch client times itself.
      resolve(client === "curl" ? performance.now() - t : Number(out.trim()));
    });
  });
}

export async function measureUploadWire(options: {
  quick: boolean;
  prof?: string;
  startFlags?: boolean;
}): Promise<{ rows: BenchRow[]; capacity: UploadCapacity }> {
  const { quick } = options;
  // One connection, best of 7: a run's time moves with the page cache's writeback (identical 16 MiB chunks took 17 to 80
  // ms within one upload), on both servers alike; the best of several runs is each one's own speed.
  const size = quick
    ? { bytes: 40 * MB, concurrent: 2, runs: 1, singleRuns: 2 }
    : { bytes: 115 * MB, concurrent: 8, runs: 3, singleRuns: 7 };
  const dir = await mkdtemp(join(tmpdir(), "latent-bench-upload-"));
  const children: ChildProcess[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  try {
    // One scan of noise behind a TIFF signature (the server sniffs the first chunk), cut into the chunks the web sends.
    const chunks: string[] = [];
    for (let from = 0, i = 1; from < size.bytes; from += PART, i++) {
      const bytes = randomFillSync(Buffer.allocUnsafe(Math.min(PART, size.bytes - from)));
      if (from === 0) bytes.set([0x49, 0x49, 0x2a, 0x00]);
      const file = join(dir, `chunk-${i}`);
      const handle = await open(file, "w");
      await handle.writeFile(bytes);
      await handle.close();
      chunks.push(file);
    }

    const waitFor = async (url: string, child: ChildProcess) => {
      for (let i = 0; i < 600; i++) {
        if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
        if (
          await fetch(url).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await sleep(100);
      }
      throw new Error(`${url} never answered`);
    };

    // The bare server.
    const barePort = await freePort();
    const bareDir = join(dir, "bare");
    await mkdir(bareDir);
    const bare = spawn(process.execPath, ["-e", BARE_PUT_SERVER], {
      env: { ...process.env, PORT: String(barePort), DIR: bareDir },
      stdio: "ignore",
    });
    children.push(bare);
    await waitFor(`http://127.0.0.1:${barePort}/`, bare);
    const bareUrls = (upload: number) => chunks.map((_, i) => `http://127.0.0.1:${barePort}/u${upload}/${i + 1}`);

    // The API server, on a database of its own.
    const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
    let databaseUrl: string | undefined;
    if (pgUrl) {
      const fresh = await freshDatabase(pgUrl, `latent_bench_upload_${process.pid}`);
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    // Started as in production (its start flags), unless the bench measures what they give.
    const started = await startBenchServer({
      dataDir: join(dir, "data"),
      databaseUrl,
      env: { ROLE: "web" },
      startFlags: options.startFlags !== false,
      nodeArgs: options.prof ? ["--cpu-prof", `--cpu-prof-dir=${options.prof}`] : [],
    });
    const server = started.child;
    children.push(server);
    const { base } = started;
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const env = { ...inherited, ...started.env };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["apps/server/src/cli/token.ts", "--email", "upload-bench@example.com", "--role", "lab"],
      {
        cwd: root,
        env,
      },
    );
    const auth = { authorization: `Bearer ${stdout.trim()}` };
    const api = async (path: string, method = "GET", body?: unknown) => {
      const res = await fetch(`${base}/api${path}`, {
        method,
        headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    await api("/user/privacy-policy", "POST");
    const newRoll = async () =>
      (await api("/film", "POST", { brand: "Kodak", model: "Portra 400", iso: 400, format: "135", process: "C-41" })).id as string;

    /** One upload through the API: its start, then its chunks with the client; answers the time from start to end (ms). */
    const apiUpload = async (client: Client, filmId: string, index: number) => {
      const t = performance.now();
      const begin = await api(`/film/shot/${filmId}/${index}/upload`, "POST", { content_type: "image/tiff", content_length: size.bytes });
      if (begin.urls.length !== chunks.length || begin.max_upload_size !== PART) throw new Error("the API's chunking is not the bench's");
      await send(
        client,
        (begin.urls as string[]).map((u) => `${base}${u}`),
        chunks,
        auth,
      );
      return performance.now() - t;
    };
    const bareUpload = async (client: Client, upload: number) => {
      const t = performance.now();
      await send(client, bareUrls(upload), chunks, {});
      return performance.now() - t;
    };

    // The fastest client on the bare server (each tried as many times as the runs), then used for both.
    const clientMs: Record<Client, number> = { curl: Number.POSITIVE_INFINITY, fetch: Number.POSITIVE_INFINITY };
    for (let run = 0; run < Math.max(2, size.runs); run++)
      for (const client of ["curl", "fetch"] as const) clientMs[client] = Math.min(clientMs[client], await bareUpload(client, 0));
    const client: Client = clientMs.curl <= clientMs.fetch ? "curl" : "fetch";

    const rssOf = async (pid: number) => Number((await readFile(`/proc/${pid}/status`, "utf8")).match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
    const rssBefore = await rssOf(server.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(
      () =>
        void rssOf(server.pid!).then(
          (r) => (rssPeak = Math.max(rssPeak, r)),
          () => undefined,
        ),
      50,
    );

    // One connection: runs alternate between the servers, so the machine's other load falls on both alike.
    let bareMs = Number.POSITIVE_INFINITY;
    let apiMs = Number.POSITIVE_INFINITY;
    const cpu = { bare: 0, api: 0, bareBytes: 0, apiBytes: 0 };
    let filmId = await newRoll();
    for (let run = 0; run < size.singleRuns; run++) {
      let c = await cpuMsOf(bare.pid!);
      bareMs = Math.min(bareMs, await bareUpload(client, 0));
      cpu.bare += (await cpuMsOf(bare.pid!)) - c;
      cpu.bareBytes += size.bytes;
      c = await cpuMsOf(server.pid!);
      apiMs = Math.min(apiMs, await apiUpload(client, filmId, run + 1));
      cpu.api += (await cpuMsOf(server.pid!)) - c;
      cpu.apiBytes += size.bytes;
    }

    // Concurrent uploads: one client process each, all started at once; the aggregate rate to the last one's end.
    let bareAllMs = Number.POSITIVE_INFINITY;
    let apiAllMs = Number.POSITIVE_INFINITY;
    for (let run = 0; run < size.runs; run++) {
      let t = performance.now();
      let c = await cpuMsOf(bare.pid!);
      await Promise.all(Array.from({ length: size.concurrent }, (_, k) => bareUpload(client, k + 1)));
      bareAllMs = Math.min(bareAllMs, performance.now() - t);
      cpu.bare += (await cpuMsOf(bare.pid!)) - c;
      cpu.bareBytes += size.bytes * size.concurrent;
      // A roll of its own per run (36 frames at most), deleted after: the disk holds one run's scans at a time.
      await api(`/film/${filmId}`, "DELETE");
      filmId = await newRoll();
      t = performance.now();
      c = await cpuMsOf(server.pid!);
      await Promise.all(Array.from({ length: size.concurrent }, (_, k) => apiUpload(client, filmId, k + 1)));
      apiAllMs = Math.min(apiAllMs, performance.now() - t);
      cpu.api += (await cpuMsOf(server.pid!)) - c;
      cpu.apiBytes += size.bytes * size.concurrent;
    }
    clearInterval(sampler);
    const rssAfter = await rssOf(server.pid!);
    for (const s of [server, bare]) {
      const exited = new Promise((r) => s.once("exit", r));
      s.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
    }

    const rate = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
    const database = databaseUrl ? "PostgreSQL" : "PGlite";
    const one = bareMs / apiMs;
    const all = bareAllMs / apiAllMs;
    const capacity: UploadCapacity = {
      apiCpuMsPerGb: cpu.api / (cpu.apiBytes / 1e9),
      bareCpuMsPerGb: cpu.bare / (cpu.bareBytes / 1e9),
      concurrentMBps: rate(size.bytes * size.concurrent, apiAllMs),
    };
    const how = `${client} (bare: curl ${clientMs.curl.toFixed(0)} ms, fetch ${clientMs.fetch.toFixed(0)} ms); ${database}; best of ${size.singleRuns} (one connection), ${size.runs} (at once)`;
    const rows: BenchRow[] = [
      {
        figure: `chunked upload through the API, ${size.bytes / MB} MB in 16 MiB chunks, one connection (MB/s; baseline: bare PUT of the same chunks to a file)`,
        value: rate(size.bytes, apiMs),
        baseline: rate(size.bytes, bareMs),
        ratio: one,
        goal: "≥ 0.85",
        meets: one >= 0.85,
        unit: "MB/s",
        note: how,
      },
      {
        figure: `${size.concurrent} uploads at once through the API, ${size.bytes / MB} MB each (MB/s in all; baseline: ${size.concurrent} bare PUTs at once)`,
        value: rate(size.bytes * size.concurrent, apiAllMs),
        baseline: rate(size.bytes * size.concurrent, bareAllMs),
        ratio: all,
        goal: "≥ 0.8",
        meets: all >= 0.8,
        unit: "MB/s",
        note: how,
      },
      {
        figure: "server CPU per uploaded GB, all threads (ms; baseline: the bare server's)",
        value: capacity.apiCpuMsPerGb,
        baseline: capacity.bareCpuMsPerGb,
        ratio: capacity.apiCpuMsPerGb / capacity.bareCpuMsPerGb,
        goal: "sizes the fleet (docs/capacity.md)",
        meets: null,
        unit: "ms",
        note: `${(cpu.apiBytes / 1e9).toFixed(1)} GB through each; API server RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, peak ${(rssPeak / 2 ** 20).toFixed(0)}, after ${(rssAfter / 2 ** 20).toFixed(0)}${options.startFlags === false ? "; without its start flags" : ""}`,
      },
    ];
    return { rows, capacity };
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await sleep(300);
    await dropDatabase?.().catch((err) => console.error(`could not drop the upload bench's database: ${err}`));
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const prof = argv.includes("--prof")
    ? join(root, "bench", "results", `prof-upload-${new Date().toISOString().replace(/[:.]/g, "-")}`)
    : undefined;
  const { rows, capacity } = await measureUploadWire({
    quick: argv.includes("--quick"),
    prof,
    startFlags: !argv.includes("--no-start-flags"),
  });
  for (const r of rows) console.log(JSON.stringify(r));
  console.log(JSON.stringify({ capacity }));
  if (prof) console.log(`CPU profile in ${prof}`);
}
