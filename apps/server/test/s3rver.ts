import { mkdtemp, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The few members of s3rver 3.7.1 (a Koa app, shipped without types) that the tests use. */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
}
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
}
const S3rverClass = createRequire(import.meta.url)("s3rver") as new (options: object) => S3rver;

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps objects and staged parts on disk. */
  directory: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

/** An S3-compatible server on loopback with one bucket, for tests. */
export async function startS3rver(bucket = "latent-test"): Promise<RunningS3> {
  const directory = await mkdtemp(join(tmpdir(), "latent-s3rver-"));
  const server = new S3rverClass({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  server.middleware.unshift(abortMultipartUpload(server));
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7.1 has no AbortMultipartUpload (DELETE ?uploadId answers 405), so this adds it in front of its
 * routes: the staged parts go, and an unknown upload answers NoSuchUpload, as S3 does. What the SDK sends
 * for an abort is checked against a recording server in s3-store.test.ts.
 */
function abortMultipartUpload(server: S3rver) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || typeof uploadId !== "string") return next();
    const bucket = ctx.path.split("/")[1] ?? "";
    const staging = /^[0-9a-f]{32}$/.test(uploadId) ? join(server.store.getResourcePath(bucket, undefined, "uploads"), uploadId) : null;
    if (!staging || !(await stat(staging).catch(() => null))) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>";
      return;
    }
    await rm(staging, { recursive: true, force: true });
    ctx.status = 204;
  };
}
