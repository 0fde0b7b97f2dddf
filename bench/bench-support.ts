/**
 * What every bench script needs alike: the shape of a figure, a free loopback port, a pause, a percentile, a database
 * of its own and a Latent server started as production starts it.
 */
import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { START_FLAGS } from "../apps/server/src/start-flags.ts";

/** One figure of `npm run bench`: its value beside its baseline, the ratio and the goal it is held to. */
export interface BenchRow {
  figure: string;
  value: number | string | null;
  baseline: number | string | null;
  ratio: number | null;
  goal: string;
  meets: boolean | null;
  unit?: string;
  note?: string;
}

const root = new URL("..", import.meta.url).pathname;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port free on 127.0.0.1 at the time of asking. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The sample at fraction `p` of the sorted samples (0.95: the p95). */
export const percentile = (samples: number[], p: number) =>
  samples.toSorted((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;

/** The bench's PostgreSQL, when configured: DATABASE_URL, else TEST_DATABASE_URL. */
export const benchPostgresUrl = () => process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

async function runOn(serverUrl: string, query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `name` on the PostgreSQL server of `serverUrl`, so a bench never reads or leaves rows in anyone
 * else's; `drop` removes it, connections and all.
 */
export async function freshDatabase(serverUrl: string, name: string) {
  await runOn(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOn(serverUrl, `drop database if exists ${name} with (force)`) };
}

export interface BenchServer {
  base: string;
  /** The server's environment (the bench's CLI helpers, `token.ts`, run with it). */
  env: Record<string, string>;
  child: ChildProcess;
  /** SIGTERM, then waits for the exit (15 s at most: a server that hangs does not hang the bench). */
  stop(): Promise<void>;
}

/**
 * A Latent server of the bench's own on 127.0.0.1, started as production starts it (`START_FLAGS`, decision 0049):
 * its data folder, PostgreSQL at `databaseUrl` or else PGlite in the data folder, `env` on top; answers once `/readyz`
 * says it is ready, and throws if it exits before. The bench's own DATABASE_URL and, with `alone`, REDIS_URL are not
 * passed on (an instance without Redis runs alone).
 */
export async function startBenchServer(options: {
  dataDir: string;
  port?: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Node flags before the script (a CPU profile). */
  nodeArgs?: string[];
  /** false: without production's start flags, to measure what they give. */
  startFlags?: boolean;
  alone?: boolean;
  stdio?: StdioOptions;
  /** How long it may take to be ready (a first start builds the PGlite database). */
  readyWithinMs?: number;
}): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: options.dataDir,
    WEB_DIST: join(options.dataDir, "no-web"),
    LOG_LEVEL: "warn",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== "DATABASE_URL" && !(options.alone && k === "REDIS_URL")),
  );
  const flags = options.startFlags === false ? [] : START_FLAGS;
  const child = spawn(process.execPath, [...flags, ...(options.nodeArgs ?? []), "apps/server/src/main.ts"], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: options.stdio ?? ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(15_000)]);
  };
  const until = Date.now() + (options.readyWithinMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bench's server exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`the bench's server was not ready within ${(options.readyWithinMs ?? 120_000) / 1000} s`);
    }
    await sleep(100);
  }
  return { base, env, child, stop };
}

/**
 * A bench script run on its own (`node bench/<script>.ts [--quick]`): a PostgreSQL database of its own (DATABASE_URL
 * or TEST_DATABASE_URL), a server on it, the figures printed, and everything removed after.
 */
export async function runAloneOnPostgres(
  script: string,
  measure: (context: { base: string; env: Record<string, string>; databaseUrl: string; quick: boolean }) => Promise<BenchRow[]>,
) {
  const quick = process.argv.includes("--quick");
  const serverUrl = benchPostgresUrl();
  if (!serverUrl) {
    console.error(`node bench/${script}.ts needs DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)`);
    process.exit(2);
  }
  const database = await freshDatabase(serverUrl, `latent_bench_${script.replaceAll("-", "_")}_${process.pid}`);
  const dir = await mkdtemp(join(tmpdir(), `latent-bench-${script}-`));
  try {
    const server = await startBenchServer({ dataDir: join(dir, "data"), databaseUrl: database.url, stdio: "inherit" });
    try {
      for (const r of await measure({ base: server.base, env: server.env, databaseUrl: database.url, quick })) {
        console.log(`${r.figure}: ${typeof r.value === "number" ? r.value.toFixed(1) : r.value} ${r.unit ?? ""}`);
        console.log(`  baseline ${typeof r.baseline === "number" ? r.baseline.toFixed(1) : "—"}; ${r.note ?? ""}; meets: ${r.meets}`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }
}
