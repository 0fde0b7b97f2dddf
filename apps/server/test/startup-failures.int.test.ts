import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningS3, startS3rver } from "./s3rver.ts";
import { freshDatabase, type SpawnedServer, spawnServer } from "./spawned-server.ts";

const MAIN = new URL("../src/main.ts", import.meta.url).pathname;

/** Starts the server as an operator would and waits for it to give up: its exit code and everything it printed. */
async function start(
  env: Record<string, string>,
  /** Another instance's folder, kept afterwards. */
  sharedDataDir?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = sharedDataDir ?? (await mkdtemp(join(tmpdir(), "latent-startup-")));
  try {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    // A server that does start would never exit: the test's own timeout ends it.
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { code, stdout, stderr };
  } finally {
    if (!sharedDataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

/** One sentence on stderr naming the setting, no stack trace, a non-zero exit. */
function expectOneSentence(result: { code: number | null; stderr: string }, setting: string, says: RegExp) {
  expect(result.code, result.stderr).not.toBe(0);
  expect(result.code).not.toBeNull();
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]!.startsWith(`${setting}: `), result.stderr).toBe(true);
  expect(lines[0]).toMatch(says);
  expect(result.stderr).not.toMatch(/\n\s+at |node:internal|Error:/);
}

describe("start-up failures a person can act on", () => {
  let s3: RunningS3;
  let occupier: Server;
  let busyPort: number;
  beforeAll(async () => {
    s3 = await startS3rver("latent-startup");
    occupier = createServer();
    await new Promise<void>((resolve) => occupier.listen(0, "127.0.0.1", resolve));
    busyPort = (occupier.address() as { port: number }).port;
  });
  afterAll(async () => {
    await s3?.stop();
    await new Promise((resolve) => occupier?.close(resolve));
  });

  it("names PORT when the port is taken", async () => {
    expectOneSentence(await start({ PORT: String(busyPort) }), "PORT", new RegExp(`port ${busyPort} on 127.0.0.1 is already in use`));
  });

  it("names DATABASE_URL when PostgreSQL cannot be reached or lacks the database, and never prints its password", async () => {
    const unreachable = await start({ DATABASE_URL: "postgres://postgres:hunter2@127.0.0.1:1/test" });
    expectOneSentence(unreachable, "DATABASE_URL", /cannot reach PostgreSQL at 127\.0\.0\.1:1 \(connection refused\)/);
    expect(unreachable.stderr + unreachable.stdout).not.toContain("hunter2");
    const missing = await start({ DATABASE_URL: "postgres://postgres@127.0.0.1:5432/latent_no_such_database" });
    expectOneSentence(missing, "DATABASE_URL", /the database "latent_no_such_database" does not exist/);
  });

  it("names S3_BUCKET for a missing bucket and the key settings for credentials the store refuses", async () => {
    const s3env = { S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "true" };
    const keys = { S3_ACCESS_KEY_ID: s3.credentials.accessKeyId, S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey };
    expectOneSentence(await start({ ...s3env, ...keys, S3_BUCKET: "no-such-bucket" }), "S3_BUCKET", /"no-such-bucket" does not exist/);
    const refused = await start({ ...s3env, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: "WRONGKEY", S3_SECRET_ACCESS_KEY: "wrong-secret" });
    expectOneSentence(refused, "S3_ACCESS_KEY_ID", /refused the key pair/);
    expect(refused.stderr).not.toContain("wrong-secret");
  });

  it("names REDIS_URL when Redis cannot be reached", async () => {
    expectOneSentence(
      await start({ REDIS_URL: "redis://127.0.0.1:1" }),
      "REDIS_URL",
      /cannot reach Redis at 127\.0\.0\.1:1 \(connection refused\)/,
    );
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("several instances on one PostgreSQL", () => {
    const REDIS_URL = Object.assign(new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), { pathname: "/11" }).toString();
    let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    const started: SpawnedServer[] = [];
    afterAll(async () => {
      for (const s of started) await s.dispose();
      await database?.drop();
    });

    it("names REDIS_URL when a second instance starts beside one without Redis, and lets them run together with it", async () => {
      database = await freshDatabase();
      const env = { DATABASE_URL: database.url, SECRET_KEY: "a-shared-secret-of-at-least-32-characters" };
      const alone = await spawnServer(env);
      started.push(alone);
      // Live feeds, rate limits and cooldowns would stay inside each process: the second one stops, with or without Redis.
      expectOneSentence(await start(env, alone.dataDir), "REDIS_URL", /another instance is already running on this database/);
      expectOneSentence(await start({ ...env, REDIS_URL }, alone.dataDir), "REDIS_URL", /an instance without REDIS_URL is already running/);
      expect((await fetch(`${alone.base}/readyz`)).status).toBe(200);

      // Once it stops, instances that all share Redis start side by side, and one without Redis is then refused.
      await alone.stop("SIGTERM");
      const shared = { dataDir: alone.dataDir };
      const [first, second] = await Promise.all([spawnServer({ ...env, REDIS_URL }, shared), spawnServer({ ...env, REDIS_URL }, shared)]);
      started.push(first, second);
      expect((await fetch(`${first.base}/readyz`)).status).toBe(200);
      expect((await fetch(`${second.base}/readyz`)).status).toBe(200);
      expectOneSentence(await start(env, alone.dataDir), "REDIS_URL", /another instance is already running on this database/);
      started.reverse(); // the instances sharing the first one's folder stop before it is removed
    }, 150_000);
  });
});
