import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { notFound } from "../../platform/http/app-error.ts";
import type { SignedQuery, UrlSigner } from "../../platform/http/url-signer.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";

/** Serves stored objects (scans, previews, thumbnails, profile pictures, lab logos) through signed, expiring links. */
export function mediaRoutes(app: FastifyInstance, deps: { store: ObjectStore; signer: UrlSigner }) {
  app.get(
    "/media/*",
    {
      schema: {
        hide: true,
        querystring: z.object({ expires: z.string().optional(), grant: z.string().optional(), signature: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { "*": string })["*"];
      if (!(await deps.signer.verify(`/media/${key}`, request.query as SignedQuery))) throw notFound();
      const object = await deps.store.get(key).catch(() => null);
      if (!object) throw notFound();
      return reply
        .header("content-type", object.info.contentType)
        .header("content-length", object.info.size)
        .header("cache-control", "private, max-age=300")
        .send(object.body);
    },
  );
}
