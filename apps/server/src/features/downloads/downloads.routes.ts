import type { OutgoingHttpHeaders } from "node:http";
import { ZipDataSchema } from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { attachmentDisposition } from "../../platform/http/content-disposition.ts";
import type { SignedQuery, UrlSigner } from "../../platform/http/url-signer.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { DownloadsService } from "./downloads.service.ts";

/** GET /api/film/{id}/download: the zip manifest. */
export function downloadsApiRoutes(
  app: FastifyInstance,
  deps: { films: FilmsService; downloads: DownloadsService; requireScopes: RequireScopes },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/film/:id/download",
    {
      preHandler: deps.requireScopes("read:film"),
      schema: {
        tags: ["films"],
        summary: "Zip manifest of the roll",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZipDataSchema },
      },
    },
    async (request) => deps.downloads.manifest(await deps.films.load(callerOf(request).sub, request.params.id)),
  );
}

/**
 * GET /zip/film/{id}?expires=[&grant=]&signature=: the zip itself, streamed with an exact Content-Length and saved by
 * the browser under the roll's zip name. HEAD answers the same headers without a byte of the zip: the web app checks
 * a link that way before handing it to the browser's own download (which could not tell a refused link from a file).
 * A link whose signature is expired, forged or whose share was revoked answers 403, so the client fetches a fresh one
 * (spec §8).
 */
export function zipRoutes(app: FastifyInstance, deps: { downloads: DownloadsService; signer: UrlSigner }) {
  app.route<{ Params: { id: string }; Querystring: SignedQuery }>({
    method: ["GET", "HEAD"],
    url: "/zip/film/:id",
    // Fastify's own HEAD would run the GET: reading every scan and reporting each file as downloaded on the feed.
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const { id } = request.params;
      // A link handed out through a share link names it: revoking the share stops the link too (url-signer.ts).
      // …and one whose share link turned downloads off is refused, however early it was handed out.
      if (!(await deps.signer.verify(`/zip/film/${id}`, request.query, Date.now(), "download"))) throw new AppError("forbidden");
      // `xmp=sidecar`: the files as stored, each with its `.xmp` packet beside it (for RAW-like workflows).
      const mode = (request.query as { xmp?: string }).xmp === "sidecar" ? "sidecar" : "embedded";
      const zip = await deps.downloads.streamById(id, mode);
      const headers = {
        "content-type": "application/zip",
        "content-length": zip.length,
        "content-disposition": attachmentDisposition(zip.name),
        "cache-control": "private, no-store",
      };
      if (request.method === "HEAD") {
        // Fastify would replace an empty body's length with 0.
        reply.hijack();
        reply.raw.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...headers }).end();
        return;
      }
      // Written by the zip itself, which reuses its read buffers once the socket is done with them; the hooks'
      // headers (security, request id) go with it, and the response hooks (log, metrics) still run when it ends.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { ...(reply.getHeaders() as OutgoingHttpHeaders), ...headers });
      try {
        await zip.writeTo(res);
        res.end();
      } catch (err) {
        // Past the headers an error can only cut the download short: the client sees fewer bytes than announced.
        if (!res.destroyed) request.log.warn({ err, film: id }, "zip download cut short");
        res.destroy();
      }
    },
  });
}
