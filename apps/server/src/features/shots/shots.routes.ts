import { ShotSchema, UpdateShotsBodySchema } from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotsService } from "./shots.service.ts";

export function shotsRoutes(app: FastifyInstance, deps: { films: FilmsService; shots: ShotsService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { films, shots, requireScopes } = deps;
  const tags = ["shots"];

  // The spec writes this path `film//shot/{id}`; duplicate slashes are accepted by the router.
  r.put(
    "/film/shot/:id",
    {
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
      const { sub } = callerOf(request);
      const film = await films.load(sub, request.params.id);
      const updates = "shots" in request.body ? request.body.shots : [request.body];
      if (updates.some((u) => u.index === undefined)) throw new AppError(400, "bad-request", "index: Required", { index: "Required" });
      return shots.update(sub, film.id, updates as ((typeof updates)[number] & { index: number })[]);
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
      },
    },
    async (request, reply) => {
      const { sub } = callerOf(request);
      const film = await films.load(sub, request.params.id);
      await shots.remove(sub, film.id, request.params.index);
      return reply.status(204).send();
    },
  );
}
