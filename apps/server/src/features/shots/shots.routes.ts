import { ShotSchema, UpdateShotsBodySchema } from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { noContent } from "../../platform/http/no-content.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { ShotsService } from "./shots.service.ts";

/** Shots are found by the caller, roll and index together: a foreign or unknown roll answers 404. */
export function shotsRoutes(app: FastifyInstance, deps: { shots: ShotsService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shots, requireScopes } = deps;
  const tags = ["shots"];

  // The spec writes this path `film//shot/{id}`; duplicate slashes are accepted by the router.
  r.put(
    "/film/shot/:id",
    {
      config: { errors: ["too-many-kept"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Edit shots of a roll (camera, lens, scanner, push/pull, keep)",
        params: z.object({ id: z.string().max(64) }),
        body: UpdateShotsBodySchema,
        response: { 200: z.array(ShotSchema) },
      },
    },
    async (request) => {
      const { shots: several, ...one } = request.body;
      const updates = several ?? [one];
      if (updates.some((u) => u.index === undefined)) throw new AppError("bad-request", "index: Required", { index: "Required" });
      return shots.update(callerOf(request).sub, request.params.id, updates as ((typeof updates)[number] & { index: number })[]);
    },
  );

  r.delete(
    "/film/shot/:id/:index",
    {
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Delete a shot (cancels its upload)",
        params: z.object({ id: z.string().max(64), index: z.coerce.number().int() }),
        response: { 204: noContent("The shot is deleted") },
      },
    },
    async (request, reply) => {
      await shots.remove(callerOf(request).sub, request.params.id, request.params.index);
      return reply.status(204).send();
    },
  );
}
