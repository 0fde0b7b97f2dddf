import type { OutgoingHttpHeaders } from "node:http";
import { ZipDataSchema } from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../platform/http/app-error.ts";
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

/** GET /zip/film/{id}?expires=[&grant=]&signature=: the zip itself, streamed with an exact Content-Length. */
export function zipRoutes(app: FastifyInstance, deps: { downloads: DownloadsService; signer: UrlSigner }) {
  app.get<{ Params: { id: string }; Querystring: SignedQuery }>("/zip/film/:id", { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    // A link handed out through a share link names it: revoking the share stops the link too (url-signer.ts).
    if (!(await deps.signer.verify(`/zip/film/${id}`, request.query))) throw notFound();
    const zip = await deps.downloads.streamById(id);
    // Written by the zip itself, which reuses its read buffers once the socket is done with them; the hooks'
    // headers (security, request id) go with it, and the response hooks (log, metrics) still run when it ends.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      "content-type": "application/zip",
      "content-length": zip.length,
      "content-disposition": `attachment; filename="${zip.name.replace(/[^\w.-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(zip.name)}`,
      "cache-control": "private, no-store",
    });
    try {
      await zip.writeTo(res);
      res.end();
    } catch (err) {
      // Past the headers an error can only cut the download short: the client sees fewer bytes than announced.
      if (!res.destroyed) request.log.warn({ err, film: id }, "zip download cut short");
      res.destroy();
    }
  });
}
