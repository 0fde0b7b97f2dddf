import { type FileHandle, open } from "node:fs/promises";
import { type ClientRequest, Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { CliError, EXIT } from "./exit-codes.ts";

/** An answer that is not a 2xx, or no answer at all (status 0: the connection failed, was cut or timed out). */
export class ApiError extends Error {
  /** The API's error code (`order-not-found`, `not-enough-space`, …), or `network-error`. */
  readonly code: string;
  /** Seconds the server asked to wait (429's Retry-After). */
  readonly retryAfter: number | null;
  readonly status: number;
  constructor(status: number, code: string, message: string, retryAfter: number | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** Worth another try: no answer, a timeout, too many requests, the server's own failure. */
export const isRetryable = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500);

/** A refusal of the key itself: nothing else will work either, so the command stops. */
export function assertKeyAccepted(err: unknown) {
  if (err instanceof ApiError && err.status === 401)
    throw new CliError(EXIT.auth, `The server refused the key (401 ${err.code}): check LATENT_API_KEY or --key`);
  if (err instanceof ApiError && err.status === 403)
    throw new CliError(
      EXIT.auth,
      `The key may not do this (403: ${err.message}); it needs the orders:read, orders:write and upload scopes`,
    );
}

export interface RetryPolicy {
  /** Tries in all (the first included). */
  attempts: number;
  /** First wait; each next one doubles, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Told before each wait, to show it. */
  onRetry?: (err: ApiError, attempt: number, delayMs: number) => void;
}

/** A network cut of a few minutes is outlived: 10 tries, 1 s doubling up to 30 s (about 3 minutes in all). */
export const DEFAULT_RETRIES: RetryPolicy = { attempts: 10, baseDelayMs: 1000, maxDelayMs: 30_000 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `call` again after network and server failures, with back-off; any other error, or the last one, is thrown. */
export async function withRetries<T>(policy: RetryPolicy, call: (attempt: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(attempt);
    } catch (err) {
      if (!isRetryable(err) || attempt >= policy.attempts) throw err;
      const apiErr = err as ApiError;
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      const delay = apiErr.retryAfter !== null ? Math.max(backoff, apiErr.retryAfter * 1000) : backoff;
      policy.onRetry?.(apiErr, attempt, delay);
      await sleep(delay);
    }
  }
}

export interface ApiOptions {
  server: string;
  key: string;
  /** A request whose socket stays silent this long is cut (and retried). */
  idleTimeoutMs?: number;
}

/** The Latent API as the lab's key reaches it: JSON calls and raw chunk uploads, over kept-alive connections. */
export function createApi(options: ApiOptions) {
  const base = new URL(options.server.endsWith("/") ? options.server : `${options.server}/`);
  const secure = base.protocol === "https:";
  // Parallel files each keep their connection; a chunk's TCP and TLS set-up is paid once per connection.
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;

  const send = (
    method: string,
    path: string,
    headers: Record<string, string | number>,
    writeBody: (req: import("node:http").ClientRequest) => void,
  ) =>
    new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
      const url = new URL(path.replace(/^\//, ""), base);
      const req = (secure ? httpsRequest : httpRequest)(url, {
        method,
        agent,
        headers: { authorization: `Bearer ${options.key}`, "user-agent": "latent-cli", ...headers },
      });
      const networkError = (err: Error) => reject(new ApiError(0, "network-error", `${method} ${url.pathname}: ${err.message}`));
      req.setTimeout(idleTimeoutMs, () => req.destroy(new Error(`no answer for ${idleTimeoutMs / 1000} s`)));
      req.on("error", networkError);
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", networkError);
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      });
      writeBody(req);
    });

  const parse = <T>(method: string, path: string, res: { status: number; headers: IncomingMessage["headers"]; body: string }): T => {
    let json: unknown = null;
    try {
      json = res.body ? JSON.parse(res.body) : null;
    } catch {
      json = null;
    }
    if (res.status >= 200 && res.status < 300) return json as T;
    const error = json as { error?: string; message?: string } | null;
    const retryAfter = Number(res.headers["retry-after"]);
    throw new ApiError(
      res.status,
      error?.error ?? `http-${res.status}`,
      error?.message ?? `${method} ${path} answered ${res.status}`,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  };

  return {
    server: base.origin,

    /** A JSON call; a non-2xx answer throws ApiError with the server's code and message. */
    async json<T>(method: string, path: string, body?: unknown): Promise<T> {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const headers: Record<string, string | number> = { accept: "application/json" };
      if (payload) Object.assign(headers, { "content-type": "application/json", "content-length": payload.length });
      const res = await send(method, path, headers, (req) => req.end(payload));
      return parse<T>(method, path, res);
    },

    /** A GET of one page of a list: its items, and the path of the next page when its `Link: <…>; rel="next"` says one follows. */
    async page<T>(path: string): Promise<{ items: T[]; next: string | null }> {
      const res = await send("GET", path, { accept: "application/json" }, (req) => req.end());
      const items = parse<T[]>("GET", path, res);
      const link = res.headers.link;
      const next = typeof link === "string" ? (/<([^>]+)>\s*;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
      return { items, next: next === null ? null : new URL(next, base).pathname + new URL(next, base).search };
    },

    /**
     * PUTs bytes `start … start + length` of a file to a chunk URL, streamed from disk (never held whole in memory);
     * `onBytes` hears each piece as it leaves.
     */
    async putFileRange<T>(path: string, file: string, start: number, length: number, onBytes: (n: number) => void): Promise<T> {
      const handle = await open(file, "r");
      try {
        const res = await send("PUT", path, { "content-type": "application/octet-stream", "content-length": length }, (req) => {
          if (length === 0) return void req.end();
          sendRange(handle, file, req, start, length, onBytes).then(
            () => req.end(),
            (err: Error) => req.destroy(err),
          );
        });
        return parse<T>("PUT", path, res);
      } finally {
        await handle.close();
      }
    },

    close: () => agent.destroy(),
  };
}

export type Api = ReturnType<typeof createApi>;

/**
 * Reads a file's range into two buffers taken in turn and writes each to the request: the next read runs while the
 * socket takes the last one, and a buffer is read into again only once the socket has taken it. Streamed through
 * fresh 64 KiB–1 MiB buffers instead, a gigabyte cost the CLI half a second of garbage collection (decision 0053).
 */
async function sendRange(
  handle: FileHandle,
  file: string,
  req: ClientRequest,
  start: number,
  length: number,
  onBytes: (n: number) => void,
) {
  const size = Math.min(RANGE_BUFFER, length);
  const buffers = [Buffer.allocUnsafeSlow(size), Buffer.allocUnsafeSlow(size)] as const;
  const taken: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  for (let sent = 0, turn = 0; sent < length; turn ^= 1) {
    await taken[turn];
    const buffer = buffers[turn]!;
    const { bytesRead } = await handle.read(buffer, 0, Math.min(size, length - sent), start + sent);
    if (bytesRead === 0) throw new Error(`${file}: the file is shorter than when the upload began`);
    taken[turn] = new Promise<void>((resolve, reject) => {
      req.write(buffer.subarray(0, bytesRead), (err) => (err ? reject(err) : resolve()));
    });
    // Settled by the loop, or by the request's end: a failed write also destroys the request, which answers for it.
    taken[turn]!.catch(() => undefined);
    sent += bytesRead;
    onBytes(bytesRead);
  }
  await Promise.all(taken);
}

/** 2 MiB a read: large enough for few system calls, small enough that two per parallel file stay in the cache. */
const RANGE_BUFFER = 2 * 1024 * 1024;
