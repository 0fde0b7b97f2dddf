import { randomUUID } from "node:crypto";
import { PREFIXED_SECRET, tokenLike } from "@latent/domain/error-reports";
import type { FastifyInstance, FastifyServerOptions } from "fastify";

/** Where pino writes its lines (pino's DestinationStream). */
export interface LogStream {
  write(line: string): void;
}

/**
 * The server's logger: JSON lines for a log collector, or pino-pretty's readable lines when a person watches the
 * terminal. `stream` (tests) takes the JSON lines instead of stdout.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions["logger"] {
  const pretty = !stream && process.stdout.isTTY;
  return {
    level,
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: {
              translateTime: "SYS:HH:MM:ss.l",
              ignore: "pid,hostname,reqId,method,url,status,ms",
              messageFormat: "{if reqId}[{reqId}] {end}{msg}",
            },
          },
        }
      : {}),
    redact: ["req.headers.authorization", "req.headers.cookie", "req.headers['x-latent-dev-secret']"],
    serializers: {
      req: (req) => ({ method: req.method, url: loggedUrl(req), remoteAddress: req.ip }),
    },
    // The last net under every line, whoever wrote it (an error's message or stack, a library's own line): a URL's
    // query values and token-shaped path segments never reach the log.
    hooks: { streamWrite: redactSecrets },
  };
}

/** The path of a request's URL: its query string may hold share codes, tickets or signed-link signatures. */
export const pathOf = (url: string) => url.split("?")[0]!;

const REDACTED = "[redacted]";
/** Route parameters that name a record, logged as they are; any other one (`:token`, `:who`, `:uid`…) may be a secret. */
const RECORD_PARAMS = new Set(["id", "index", "part", "uploadId", "shareId", "labId", "country"]);

/**
 * A request's URL as the log may show it: no query string, the route's secret parameters by their name
 * (`/auth/reset/:token`) and any token-shaped segment of a path no route describes replaced.
 */
export function loggedUrl(request: { url?: string; routeOptions?: { url?: string } }): string {
  const path = pathOf(String(request.url ?? ""));
  const route = request.routeOptions?.url;
  const given = path.split("/");
  const pattern = route && !route.includes("*") ? route.split("/") : [];
  return given
    .map((segment, i) => {
      const part = pattern.length === given.length ? pattern[i]! : "";
      if (part.startsWith(":") && !RECORD_PARAMS.has(part.slice(1))) return part;
      return tokenLike(segment) ? REDACTED : segment;
    })
    .join("/");
}

const PATH_SEGMENT = /(?<=\/)[\w%~-]{16,}(?=[/?#"'\s\\]|$)/g;
const QUERY_VALUE = /([?&][\w.-]+=)[^&#"'\s\\]+/g;

/** Text with every prefixed secret, URL query value and token-shaped path segment replaced (a log line, an error's message). */
export function redactSecrets(text: string): string {
  return text
    .replace(PREFIXED_SECRET, `$1_${REDACTED}`)
    .replace(QUERY_VALUE, `$1${REDACTED}`)
    .replace(PATH_SEGMENT, (segment) => (tokenLike(segment) ? REDACTED : segment));
}

/** A client's own request id when it is a plain token (a proxy's, say), so its logs and ours line up; a new one otherwise. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * One line per request, written when its answer is sent (Fastify's own "incoming request" and "request completed"
 * lines are off: two raw lines per request drowned everything else). The request id rides on every line a request
 * logs (Fastify's child logger), so this line and the warnings and errors of the same request are found together.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const url = loggedUrl(request);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    request.log.info(
      { method: request.method, url, status: reply.statusCode, ms },
      `${request.method} ${url} ${reply.statusCode} ${ms} ms`,
    );
  });
}
