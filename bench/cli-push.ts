/**
 * `latent push` throughput (issue 30): a folder of scans (~1 GB of 24 MP JPEGs; `--quick`: ~20 MB) pushed into an
 * order by the CLI, as a lab runs it (its own process, a lab API key, `--parallel 4`), against the fastest honest
 * client for the same bytes: curl PUTting each file to a bare Node HTTP server that streams every request to a file,
 * one connection after another and 4 at once (`--parallel-max 4`), the faster of the two as the baseline. The
 * server runs on its own as `ROLE=web` (scans are processed by a worker instance, as in a scaled deployment): on a
 * two-core machine the previews would otherwise take the cores the upload is measured on. It runs on a PostgreSQL
 * database of its own (made and dropped) when DATABASE_URL or TEST_DATABASE_URL is set, as a lab at volume does;
 * else on PGlite, whose every write costs file opens in the server's own thread. Timing starts when the
 * process starts and ends when it exits. `bench/run.ts` calls `measureCliPush`; `node bench/cli-push.ts [--quick]`
 * runs it alone.
 */
import { execFile, spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { type BenchRow, freePort, freshDatabase, sleep, startBenchServer } from "./bench-support.ts";

const root = new URL("..", import.meta.url).pathname;

/** The baseline's receiver: each PUT streamed into a file of its own with 1 MiB writes, answered once on disk. */
const BARE_PUT_SERVER = `
const { createServer } = require("node:http"); const { createWriteStream } = require("node:fs"); const { pipeline } = require("node:stream/promises");
let n = 0;
createServer((req, res) => {
  if (req.method !== "PUT") return res.end("ok");
  pipeline(req, createWriteStream(process.env.DIR + "/put-" + n++, { highWaterMark: 1 << 20 })).then(() => res.end("ok"), () => res.destroy());
}).listen(Number(process.env.PORT), "127.0.0.1");`;

/** Runs a command to its end; answers its wall time in ms (from spawn to exit) and what it printed. */
function timed(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ ms: number; code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const t = performance.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ ms: performance.now() - t, code, stdout, stderr }));
  });
}

/** Measures `latent push` against curl on the same folder; answers the bench's table rows. */
export async function measureCliPush(options: { quick: boolean }): Promise<BenchRow[]> {
  const { quick } = options;
  const size = quick ? { width: 1800, height: 1200, files: 8, runs: 1 } : { width: 6000, height: 4000, files: 60, runs: 2 };
  const dir = await mkdtemp(join(tmpdir(), "latent-bench-push-"));
  const children: ReturnType<typeof spawn>[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  try {
    // One noise scan (noise does not compress: a scan's size), copied: each copy is uploaded and stored as its own.
    const scans = join(dir, "scans");
    await mkdir(scans);
    const first = join(scans, "000001_0001.jpg");
    await sharp({
      create: {
        width: size.width,
        height: size.height,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 92 })
      .toFile(first);
    for (let i = 2; i <= size.files; i++) await copyFile(first, join(scans, `000001_${String(i).padStart(4, "0")}.jpg`));
    const files = (await readdir(scans)).sort();
    const bytes = (await stat(first)).size * files.length;
    const mbps = (ms: number) => bytes / 1e6 / (ms / 1000);

    // The baseline: curl, one connection after another and four at once, into a bare server writing files.
    const barePort = await freePort();
    const bareDir = join(dir, "bare");
    await mkdir(bareDir);
    const bare = spawn(process.execPath, ["-e", BARE_PUT_SERVER], {
      env: { ...process.env, PORT: String(barePort), DIR: bareDir },
      stdio: "ignore",
    });
    children.push(bare);
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`http://127.0.0.1:${barePort}/`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await sleep(100);
    const curlArgs = (parallel: boolean) => [
      "-sS",
      "--fail",
      ...(parallel ? ["--parallel", "--parallel-max", "4"] : []),
      ...files.flatMap((f) => ["-T", join(scans, f), `http://127.0.0.1:${barePort}/`]),
    ];
    let curlMs = Number.POSITIVE_INFINITY;
    let curlHow = "";
    for (let run = 0; run < size.runs; run++) {
      for (const parallel of [false, true]) {
        const r = await timed("curl", curlArgs(parallel));
        if (r.code !== 0) throw new Error(`curl failed (${r.code}): ${r.stderr}`);
        if (r.ms < curlMs) {
          curlMs = r.ms;
          curlHow = parallel ? "4 at once" : "one after another";
        }
        for (const f of await readdir(bareDir)) await unlink(join(bareDir, f));
      }
    }
    bare.kill();

    // The server, on its own: a web instance on a fresh database, a lab with an API key and one order per run.
    const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
    let databaseUrl: string | undefined;
    if (pgUrl) {
      const fresh = await freshDatabase(pgUrl, `latent_bench_push_${process.pid}`);
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    // Started as `npm start` starts it in production: with its start flags (decision 0049).
    const server = await startBenchServer({ dataDir: join(dir, "data"), databaseUrl, env: { ROLE: "web" } });
    children.push(server.child);
    const { base } = server;
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const env = { ...inherited, ...server.env };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["apps/server/src/cli/token.ts", "--email", "push-bench@example.com", "--role", "lab"],
      {
        cwd: root,
        env,
      },
    );
    const headers = { authorization: `Bearer ${stdout.trim()}`, "content-type": "application/json" };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/api${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const key = (await post("/lab/api-keys", { name: "bench", scopes: ["orders:read", "orders:write", "upload"] })).token as string;

    let cliMs = Number.POSITIVE_INFINITY;
    for (let run = 1; run <= size.runs; run++) {
      await post("/orders", { reference: `BENCH-${run}`, user_name: "Bench", user_email: "bench-customer@example.com" });
      // Each run a new order: the folder's journal from the last run would say every file is there already.
      await rm(join(scans, ".latent-journal.jsonl"), { force: true });
      const r = await timed(
        process.execPath,
        ["apps/cli/src/main.ts", "push", scans, "--order", `BENCH-${run}`, "--parallel", "4", "--plain"],
        {
          LATENT_URL: base,
          LATENT_API_KEY: key,
        },
      );
      if (r.code !== 0) throw new Error(`latent push exited ${r.code}: ${r.stderr}\n${r.stdout}`);
      cliMs = Math.min(cliMs, r.ms);
    }
    await server.stop();

    const ratio = curlMs / cliMs;
    return [
      {
        figure: `latent push, ${files.length} scans, ${(bytes / 1e6).toFixed(0)} MB (MB/s; baseline: curl PUT of the same files to a bare server writing files)`,
        value: mbps(cliMs),
        baseline: mbps(curlMs),
        ratio,
        goal: "≥ 0.8",
        meets: ratio >= 0.8,
        unit: "MB/s",
        note: `CLI --parallel 4, server ROLE=web on ${databaseUrl ? "PostgreSQL" : "PGlite"}; curl fastest ${curlHow}; best of ${size.runs}`,
      },
    ];
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill();
    await sleep(300);
    await dropDatabase?.().catch((err) => console.error(`could not drop the push bench's database: ${err}`));
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureCliPush({ quick: process.argv.includes("--quick") })) console.log(JSON.stringify(r));
}
