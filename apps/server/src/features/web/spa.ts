import { existsSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { APP_PATH_PATTERNS } from "@latent/domain/app-paths";
import { resolveLocale } from "@latent/domain/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type LinkPreviewProvider, withLinkPreview } from "./link-preview.ts";

// Unknown paths under these prefixes are API-like: they get the JSON 404, never the app.
const NOT_SPA = /^\/(api|oidc|auth|media|zip|ws|static|healthz|readyz)(\/|$)/;

export interface WebApp {
  /** Answers an unknown path a browser navigates to: 404 with the app, which shows its not-found page; true when it did. */
  notFoundPage(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Gives one page of the app (a pattern of the domain's app paths) link preview tags of its own. */
  addLinkPreview(pattern: string, provider: LinkPreviewProvider): void;
}

/** The reader's languages from Accept-Language, best first (weights are in the order browsers send them). */
const acceptedLocales = (request: FastifyRequest) =>
  String(request.headers["accept-language"] ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim())
    .filter(Boolean);

type Encoding = "br" | "gzip";

/** index.html compressed: the build's .br and .gz when it wrote them, else made once here. */
function compressedPage(indexFile: string, html: string): Record<Encoding, Buffer> {
  const read = (suffix: string, make: () => Buffer) => (existsSync(indexFile + suffix) ? readFileSync(indexFile + suffix) : make());
  return { br: read(".br", () => brotliCompressSync(html)), gzip: read(".gz", () => gzipSync(html)) };
}

/** br when the client takes it, else gzip, else none; an encoding with q=0 is refused (RFC 9110 §12.5.3). */
export function preferredEncoding(acceptEncoding: string): Encoding | null {
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

/**
 * Serves the built web app: its files, and index.html for every page the app has (200) and for any other path a
 * browser asks for (404, so the app shows its not-found page). The app's pages are the domain's `APP_PATH_PATTERNS`,
 * the same list its router is built from.
 */
export async function serveWebApp(app: FastifyInstance, options: { dist: string; publicUrl: string }): Promise<WebApp> {
  const indexFile = join(options.dist, "index.html");
  // Read once: a new build of the app comes with a restart of the server.
  const html = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  const compressedHtml = html === null ? null : compressedPage(indexFile, html);
  // Vite names every file under assets/ by its content's hash: a changed file is a new URL, so these never go stale.
  const hashed = join(options.dist, "assets") + sep;
  if (html !== null) {
    await app.register(fastifyStatic, {
      root: options.dist,
      // One route that looks each file up, not one route per file: a route per file of the build (≈ 800 with the
      // .br and .gz copies, each for GET and HEAD) held ≈ 24 MB of the idle server (decision 0032).
      wildcard: true,
      index: false,
      // The build writes .br and .gz next to every text file (apps/web/vite-plugins/precompress.ts): sent as they are.
      preCompressed: true,
      // Not .vite/manifest.json (the build's own bookkeeping) nor any other dot file.
      dotfiles: "ignore",
      setHeaders(res, path) {
        res.header("cache-control", path.startsWith(hashed) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  const previews = new Map<string, LinkPreviewProvider>();

  const sendPage = (reply: FastifyReply, status: number, page = html, cache = "no-cache") => {
    if (page === null) return reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    reply.status(status).type("text/html; charset=utf-8").header("cache-control", cache);
    if (page !== html || compressedHtml === null) return reply.send(page);
    reply.header("vary", "accept-encoding");
    const encoding = preferredEncoding(String(reply.request.headers["accept-encoding"] ?? ""));
    if (!encoding) return reply.send(page);
    return reply.header("content-encoding", encoding).send(compressedHtml[encoding]);
  };

  for (const pattern of APP_PATH_PATTERNS) {
    app.get(pattern, { schema: { hide: true } }, async (request, reply) => {
      const provider = previews.get(pattern);
      if (!provider || html === null) return sendPage(reply, 200);
      const locale = resolveLocale(null, acceptedLocales(request));
      const preview = await provider(request.query as Record<string, string | undefined>, locale).catch((err: unknown) => {
        request.log.error({ err }, "link preview failed");
        return null;
      });
      if (!preview) return sendPage(reply, 200);
      // The page now holds signed links of one share: no shared cache may keep it.
      return sendPage(reply, 200, withLinkPreview(html, preview, options.publicUrl), "private, no-store");
    });
  }

  return {
    notFoundPage(request, reply) {
      const path = request.url.split("?")[0]!;
      const accept = String(request.headers.accept ?? "*/*");
      // Browsers ask for text/html, tools often for */*: both get the app; a JSON-only client gets the JSON 404.
      if (request.method !== "GET" || NOT_SPA.test(path) || !(accept.includes("text/html") || accept.includes("*/*"))) return false;
      sendPage(reply, 404);
      return true;
    },
    addLinkPreview(pattern, provider) {
      if (!APP_PATH_PATTERNS.includes(pattern)) throw new Error(`${pattern} is not a page of the web app`);
      previews.set(pattern, provider);
    },
  };
}
