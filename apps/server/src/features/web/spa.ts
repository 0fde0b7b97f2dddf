import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const NOT_SPA = /^\/(api|oidc|auth|media|healthz|readyz)(\/|$)/;

/** Serves the built web app; unknown GET paths that want HTML get index.html (history routing). */
export async function serveWebApp(app: FastifyInstance, dist: string) {
  const built = existsSync(join(dist, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const path = request.url.split("?")[0]!;
    const accept = String(request.headers.accept ?? "*/*");
    // Browsers ask for text/html, tools often for */*: both get the app; a JSON-only client gets the JSON 404.
    if (request.method !== "GET" || NOT_SPA.test(path) || !(accept.includes("text/html") || accept.includes("*/*"))) return false;
    if (!built) {
      reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
      return true;
    }
    reply.header("cache-control", "no-cache").sendFile("index.html");
    return true;
  };
}
