import { createServer } from "node:net";
import pg from "pg";
import { type Config, ConfigError } from "../../config.ts";

const TIMEOUT_MS = 5_000;

/** `host:port` of a connection URL: enough to find the service, without the password the URL may hold. */
const whereOf = (url: string, defaultPort: number) => {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}:${u.port || defaultPort}`;
  } catch {
    return "the configured address";
  }
};

/** A network error's code in words a person reads (ECONNREFUSED → "connection refused"). */
function networkReason(err: unknown): string | null {
  const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  const words: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ENOTFOUND: "unknown host",
    EAI_AGAIN: "unknown host",
    ETIMEDOUT: "no answer",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    ECONNRESET: "connection reset",
  };
  if (code && words[code]) return words[code];
  if (/timeout|timed out/i.test(String((err as Error).message))) return "no answer";
  return null;
}

/**
 * What the server needs from outside before it starts: the database, the object store's bucket, Redis. Each failure
 * is one sentence naming the setting to change (a ConfigError, printed without a stack), instead of a driver's
 * stack trace at start or, worse, errors on the first upload.
 */
export async function preflight(config: Config): Promise<void> {
  // The port first among equals: finding it taken only after the whole server is built wastes the operator's time.
  await Promise.all([
    checkPort(config),
    config.databaseUrl ? checkPostgres(config.databaseUrl) : undefined,
    config.s3 ? checkBucket(config.s3) : undefined,
    config.redisUrl ? checkRedis(config.redisUrl) : undefined,
  ]);
}

async function checkPostgres(url: string): Promise<void> {
  const where = whereOf(url, 5432);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
  // A refused connection also surfaces as an 'error' event; the rejected promise below says it.
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
  } catch (err) {
    const code = (err as { code?: string }).code;
    const database = (() => {
      try {
        return new URL(url).pathname.slice(1) || "postgres";
      } catch {
        return "?";
      }
    })();
    if (code === "28P01" || code === "28000")
      throw new ConfigError(`DATABASE_URL: PostgreSQL at ${where} refused the user name or password; correct them in DATABASE_URL.`);
    if (code === "3D000")
      throw new ConfigError(`DATABASE_URL: the database "${database}" does not exist on ${where}; create it or name another one.`);
    const reason = networkReason(err);
    throw new ConfigError(
      `DATABASE_URL: cannot reach PostgreSQL at ${where} (${reason ?? (err as Error).message}); check the address and that the server is running.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkBucket(s3: NonNullable<Config["s3"]>): Promise<void> {
  // The AWS SDK (and ioredis below) load only when configured: the default server never holds them in memory.
  const { HeadBucketCommand, S3Client } = await import("@aws-sdk/client-s3");
  const where = s3.endpoint ?? `AWS S3 (${s3.region})`;
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
    maxAttempts: 1,
    requestHandler: { connectionTimeout: TIMEOUT_MS, requestTimeout: TIMEOUT_MS },
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (err as Error).name;
    if (status === 404 || name === "NotFound" || name === "NoSuchBucket")
      throw new ConfigError(
        `S3_BUCKET: the bucket "${s3.bucket}" does not exist at ${where}; create it or set S3_BUCKET to one that does.`,
      );
    if (status === 403 || status === 401 || /InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden/.test(name))
      throw new ConfigError(
        `S3_ACCESS_KEY_ID: ${where} refused the key pair (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) for the bucket "${s3.bucket}"; set the keys of an account that may use it.`,
      );
    if (name === "CredentialsProviderError")
      throw new ConfigError("S3_ACCESS_KEY_ID: no credentials for the object store; set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.");
    const reason = networkReason(err);
    throw new ConfigError(
      `${s3.endpoint ? "S3_ENDPOINT" : "S3_REGION"}: cannot reach the object store at ${where} (${reason ?? (err as Error).message}); check the address.`,
    );
  } finally {
    client.destroy();
  }
}

async function checkRedis(url: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const where = whereOf(url, 6379);
  // One try, no reconnecting: the point is to tell, now, whether Redis answers.
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // ioredis rejects with "Connection is closed."; the socket's own error (the reason) comes as an event.
  let socketError: unknown;
  redis.on("error", (err) => {
    socketError ??= err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    const cause = socketError ?? err;
    if (/WRONGPASS|NOAUTH|invalid password/i.test(String((cause as Error).message)))
      throw new ConfigError(`REDIS_URL: Redis at ${where} refused the user name or password; correct them in REDIS_URL.`);
    const reason = networkReason(cause);
    throw new ConfigError(
      `REDIS_URL: cannot reach Redis at ${where} (${reason ?? (cause as Error).message}); check the address and that Redis is running.`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Binds the port for a moment; the real listen later still reports a port taken in between (listenFailure). */
async function checkPort(config: Pick<Config, "port" | "host">): Promise<void> {
  if (config.port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (err) => reject(listenFailure(err, config) ?? err));
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The listening socket's failure as the setting to change; null for any other error. */
export function listenFailure(err: unknown, config: Pick<Config, "port" | "host">): ConfigError | null {
  const code = (err as { code?: string }).code;
  if (code === "EADDRINUSE")
    return new ConfigError(`PORT: port ${config.port} on ${config.host} is already in use; stop what uses it or set PORT to a free port.`);
  if (code === "EACCES")
    return new ConfigError(`PORT: port ${config.port} needs privileges this process does not have; set PORT to 1024 or above.`);
  if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
    return new ConfigError(`HOST: ${config.host} is not an address of this machine; set HOST to one that is (0.0.0.0 for all).`);
  return null;
}
