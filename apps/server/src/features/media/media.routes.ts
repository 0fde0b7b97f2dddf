import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { notFound } from "../../platform/http/app-error.ts";
import type { SignedQuery, UrlSigner } from "../../platform/http/url-signer.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";

/** A file served in place of the stored object (a scan's original with its metadata written in); null: the object. */
export type MediaTransform = (key: string) => Promise<{ body: Readable; size: number; contentType: string } | null>;

/**
 * Serves stored objects (scans, previews, thumbnails, profile pictures, lab logos) through signed, expiring links;
 * `transforms` registered later (by features started after this one) may serve a file of their own for a key.
 */
export function mediaRoutes(app: FastifyInstance, deps: { store: ObjectStore; signer: UrlSigner; transforms: MediaTransform[] }) {
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
      // A scan's original is a download: a share link with downloads off no longer opens it (its previews it does).
      const need = key.endsWith("/original") ? "download" : undefined;
      if (!(await deps.signer.verify(`/media/${key}`, request.query as SignedQuery, Date.now(), need))) throw notFound();
      for (const transform of deps.transforms) {
        const file = await transform(key);
        if (file) {
          return (
            reply
              .header("content-type", file.contentType)
              .header("content-length", file.size)
              // Built from rows that change (a shot's exposure, the roll's sticker): never reused without asking again.
              .header("cache-control", "private, no-cache")
              .send(file.body)
          );
        }
      }
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
