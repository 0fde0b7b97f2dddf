import { UploadPartReceiptSchema, UploadRequestSchema, UploadResponseSchema, UploadStatusSchema } from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { UploadsService } from "./uploads.service.ts";

export function uploadsRoutes(app: FastifyInstance, deps: { uploads: UploadsService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { uploads, requireScopes } = deps;
  const tags = ["uploads"];

  r.post(
    "/film/shot/:id/:index/upload",
    {
      config: {
        errors: [
          "file-too-large",
          "unsupported-file-type",
          "too-many-images",
          "upload-in-progress",
          "not-enough-space",
          "account-inactive",
        ],
      },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Start uploading a scan: answers the chunk size and the URL of each chunk",
        params: z.object({ id: z.string().max(64), index: z.coerce.number().int() }),
        body: UploadRequestSchema,
        response: { 200: UploadResponseSchema },
      },
    },
    async (request) => uploads.begin(callerOf(request).sub, request.params.id, request.params.index, request.body),
  );

  r.get(
    "/uploads/:uploadId",
    {
      preHandler: requireScopes("read:film"),
      schema: {
        tags,
        summary: "What an upload already holds: the parts received and those still to send (to resume it after a reload)",
        params: z.object({ uploadId: z.string().max(64) }),
        response: { 200: UploadStatusSchema },
      },
    },
    async (request) => uploads.status(callerOf(request).sub, request.params.uploadId),
  );

  r.get(
    "/film/:id/uploads",
    {
      preHandler: requireScopes("read:film"),
      schema: {
        tags,
        summary: "A roll's unfinished uploads, each with the parts received and those still to send",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.array(UploadStatusSchema) },
      },
    },
    async (request) => uploads.unfinishedOfFilm(callerOf(request).sub, request.params.id),
  );

  // Chunks arrive as raw bytes and are streamed straight into the store: no parser may read them first.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.withTypeProvider<ZodTypeProvider>().put(
      "/uploads/:uploadId/:part",
      {
        preHandler: requireScopes("write:film"),
        config: { errors: ["upload-part-invalid", "upload-finished", "unsupported-file-type", "not-enough-space"] },
        schema: {
          tags,
          summary: "Send one chunk (idempotent; the last one completes the file)",
          params: z.object({ uploadId: z.string().max(64), part: z.coerce.number().int() }),
          response: { 200: UploadPartReceiptSchema },
        },
      },
      async (request) => {
        const length = request.headers["content-length"];
        return uploads.putPart(
          callerOf(request).sub,
          request.params.uploadId,
          request.params.part,
          request.raw,
          length === undefined ? undefined : Number(length),
        );
      },
    );
  });
}
