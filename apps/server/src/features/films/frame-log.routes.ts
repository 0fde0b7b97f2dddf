import { ShotSchema } from "@latent/domain/films";
import { ApplyFrameLogBodySchema, FrameLogPreviewBodySchema, FrameLogPreviewSchema } from "@latent/domain/frame-logs/frame-log-api";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { FrameLogService } from "./frame-log.service.ts";

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** A log's text travels as JSON: 2 MB of text, escaped, fits under this; more answers 413. */
const FRAME_LOG_BODY_LIMIT = 3 * 1024 * 1024;

/** POST film/{id}/frame-log reads a log and proposes pairs (writes nothing); …/apply writes the confirmed ones. */
export function frameLogRoutes(app: FastifyInstance, deps: { frameLogs: FrameLogService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { frameLogs, requireScopes } = deps;
  const tags = ["films"];

  r.post(
    "/film/:id/frame-log",
    {
      bodyLimit: FRAME_LOG_BODY_LIMIT,
      config: { errors: ["frame-log-unreadable", "payload-too-large"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary:
          "Read a frame log (Exif Notes JSON or CSV, Film Rolls XML, Lightme JSON) and propose its frames' pairs with the roll's shots; nothing is written",
        params: IdParams,
        body: FrameLogPreviewBodySchema,
        response: { 200: FrameLogPreviewSchema },
      },
    },
    async (request) => frameLogs.preview(callerOf(request).sub, request.params.id, request.body),
  );

  r.post(
    "/film/:id/frame-log/apply",
    {
      bodyLimit: FRAME_LOG_BODY_LIMIT,
      config: { errors: ["payload-too-large"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Write the confirmed pairs' exposure (log frame → shot index) into the roll's shots, all or none",
        params: IdParams,
        body: ApplyFrameLogBodySchema,
        response: { 200: z.array(ShotSchema) },
      },
    },
    async (request) => frameLogs.apply(callerOf(request).sub, request.params.id, request.body.pairs),
  );
}
