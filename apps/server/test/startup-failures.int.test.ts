import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningS3, startS3rver } from "./s3rver.ts";

const MAIN = new URL("../src/main.ts", import.meta.url).pathname;

/** Starts the server as an operator would and waits for it to give up: its exit code and everything it printed. */
async function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), "latent-startup-"));
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
    await rm(dataDir, { recursive: true, force: true });
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
});
