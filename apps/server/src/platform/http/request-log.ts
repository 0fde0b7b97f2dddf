import { randomUUID } from "node:crypto";
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
      // Query strings can carry share codes and tickets: never log them.
      req: (req) => ({ method: req.method, url: pathOf(String(req.url)), remoteAddress: req.ip }),
    },
  };
}

/** The path of a request's URL: its query string may hold share codes, tickets or signed-link signatures. */
export const pathOf = (url: string) => url.split("?")[0]!;

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
    const url = pathOf(request.url);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    request.log.info(
      { method: request.method, url, status: reply.statusCode, ms },
      `${request.method} ${url} ${reply.statusCode} ${ms} ms`,
    );
  });
}
