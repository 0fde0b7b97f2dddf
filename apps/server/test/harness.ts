import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_VERSION, API_VERSION_HEADER } from "@latent/domain/api";
import pg from "pg";
import { type BuildOptions, buildApp, type Latent } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import type { MintOptions } from "../src/features/identity/provider/access-tokens.ts";
import { seedPglite } from "./pglite-template.ts";
import { startS3rver } from "./s3rver.ts";

/** Databases every API test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
export type DatabaseKind = (typeof DATABASES)[number];

export interface TestServer {
  base: string;
  latent: Latent;
  /** The folder where the store keeps its bytes (the filesystem store's root, or s3rver's). */
  storeRoot: string;
  /** An access token for a fresh (or given) subject; its email counts as confirmed unless `emailVerified: false`. */
  token(options?: Partial<MintOptions>): Promise<string>;
  api(path: string, init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  body: any;
}

/** Database and object store pairs the storage-heavy API tests run on. */
export const BACKENDS = DATABASES.flatMap((db) => (["fs", "s3"] as const).map((store) => [db, store] as const));
export type StoreKind = "fs" | "s3";

/** Starts a real server on a loopback port with its own data folder, database (schema) and store. */
export async function startServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  /** `schema`: a PostgreSQL schema to share with another instance (scale-out tests). */
  options: {
    dataDir?: string;
    store?: StoreKind;
    keepData?: boolean;
    schema?: string;
    accountGate?: BuildOptions["accountGate"];
    webhookClock?: BuildOptions["webhookClock"];
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "latent-test-")));
  const s3 = options.store === "s3" ? await startS3rver() : null;
  const schema = kind === "postgres" ? (options.schema ?? `test_${randomUUID().replaceAll("-", "")}`) : undefined;
  if (kind === "pglite") await seedPglite(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    WEB_DIST: join(dataDir, "no-web"),
    ...(kind === "postgres" ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    ...(s3
      ? {
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_FORCE_PATH_STYLE: "true",
          S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        }
      : {}),
    ...env,
  });
  // The caches' time bound never runs out here: a change a test expects at once is proven by the caches' counters,
  // however long the test's next request takes to come (decision 0021).
  const latent = await buildApp(config, {
    searchPath: schema,
    accountGate: options.accountGate,
    cacheClock: () => 0,
    ...(options.webhookClock ? { webhookClock: options.webhookClock } : {}),
  });
  const address = await latent.app.listen({ port: 0, host: "127.0.0.1" });
  const base = address.replace("[::1]", "127.0.0.1");

  const api: TestServer["api"] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: RequestInit["body"];
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.body);
    }
    const res = await fetch(`${base}${path}`, { method: init.method ?? "GET", headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {}
    return { status: res.status, headers: res.headers, body: withoutRequestId(res, parsed) };
  };

  return {
    base,
    latent,
    api,
    storeRoot: s3 ? s3.directory : join(dataDir, "objects"),
    token: (o = {}) => latent.identity.mint!({ sub: randomUUID(), email: `${randomUUID()}@example.com`, role: "user", ...o }),
    async close() {
      await latent.close();
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.query(`drop schema if exists "${schema}_jobs" cascade`);
        await client.end();
      }
      await s3?.stop();
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every error body of every API test must carry its request's id (the `x-request-id` header); checked here once, then
 * set aside so each test's own assertion stays about the error itself.
 */
function withoutRequestId(res: Response, body: unknown): unknown {
  // The provider's own OAuth errors ({error, error_description}) are not the API's.
  if (res.status < 400 || typeof body !== "object" || body === null || !("error" in body && "message" in body)) return body;
  const { requestId, ...rest } = body as { requestId?: unknown };
  if (requestId !== res.headers.get("x-request-id")) {
    throw new Error(
      `error body without its request id (${String(requestId)} ≠ ${res.headers.get("x-request-id")}): ${JSON.stringify(body)}`,
    );
  }
  return rest;
}

export const versionHeader = { [API_VERSION_HEADER]: API_VERSION };
