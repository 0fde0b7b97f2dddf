import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const MAIN = new URL("../src/main.ts", import.meta.url).pathname;

/** A real server process, started the way an operator starts one (`node apps/server/src/main.ts` with its environment). */
export interface SpawnedServer {
  base: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its exit code once it exited (null when killed by a signal). */
  exited: Promise<number | null>;
  /** An access token from the embedded provider's script route, for an account created on first use. */
  token(email?: string, role?: "user" | "lab"): Promise<string>;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Stops it (if running) and removes its data folder. */
  dispose(): Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `main.ts` with `env` on a free loopback port and waits until it answers /healthz, or rejects with its output. */
export async function spawnServer(env: Record<string, string>, options: { dataDir?: string; port?: number } = {}): Promise<SpawnedServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "latent-spawned-")));
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, "no-web"),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let gone = false;
  let code: number | null = null;
  void exited.then((c) => {
    gone = true;
    code = c;
  });
  const fail = async (why: string) => {
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    return new Error(`${why}:\n${output}`);
  };

  for (let i = 0; ; i++) {
    if (gone) throw await fail(`The server exited with code ${code} before it was ready`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 600) {
      child.kill("SIGKILL");
      await exited;
      throw await fail("The server did not answer /healthz within 60 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const spawned: SpawnedServer = {
    base,
    port,
    dataDir,
    child,
    output: () => output,
    exited,
    async token(email = `${randomUUID()}@example.com`, role = "user") {
      const secret = (await readFile(join(dataDir, "dev-token-secret"), "utf8")).trim();
      const res = await fetch(`${base}/auth/dev-token`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-latent-dev-secret": secret },
        body: JSON.stringify({ email, role }),
      });
      if (!res.ok) throw new Error(`dev-token answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async stop(signal = "SIGTERM") {
      if (!gone) child.kill(signal);
      return exited;
    },
    async dispose() {
      if (!gone) {
        child.kill("SIGKILL");
        await exited;
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return spawned;
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's, for servers that cannot be told a schema (spawned ones). */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL is not set");
  const name = `latent_${randomUUID().replaceAll("-", "")}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`create database "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists "${name}" with (force)`) };
}
