import type { Scope } from "@latent/domain/api";
import { CameraBodySchema, CameraSchema, GearIdParamsSchema, type GearKind, LensBodySchema, LensSchema } from "@latent/domain/gear";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent } from "../../platform/http/no-content.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { GearService } from "./gear.service.ts";

const ListQuerySchema = z.object({ q: z.string().max(100).optional() });

/** Registers list/create/update/delete for one kind of gear; cameras and lenses differ only in schemas and scopes. */
function gearResource(
  app: FastifyInstance,
  deps: { gear: GearService; requireScopes: RequireScopes },
  kind: GearKind,
  spec: { tag: string; body: typeof CameraBodySchema | typeof LensBodySchema; item: z.ZodType; read: Scope; write: Scope },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { gear, requireScopes } = deps;
  const tags = [spec.tag];

  r.get(
    `/${kind}`,
    {
      preHandler: requireScopes(spec.read),
      schema: {
        tags,
        summary: `The caller's ${kind}, filtered by brand or model`,
        querystring: ListQuerySchema,
        response: { 200: z.array(spec.item) },
      },
    },
    async (request) => gear.list(kind, callerOf(request).sub, request.query.q),
  );
  r.post(
    `/${kind}`,
    {
      preHandler: requireScopes(spec.write),
      config: { errors: ["gear-limit-reached", "account-inactive"] },
      schema: {
        tags,
        summary: `Add one of the caller's ${kind} (up to the plan's gear limit)`,
        body: spec.body,
        response: { 201: spec.item },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await gear.create(kind, callerOf(request).sub, (request.body as { metadata: { brand: string; model: string } }).metadata)),
  );
  r.put(
    `/${kind}/:id`,
    {
      preHandler: requireScopes(spec.write),
      schema: {
        tags,
        summary: `Edit one of the caller's ${kind}`,
        params: GearIdParamsSchema,
        body: spec.body,
        response: { 200: spec.item },
      },
    },
    async (request) =>
      gear.update(
        kind,
        callerOf(request).sub,
        request.params.id,
        (request.body as { metadata: { brand: string; model: string } }).metadata,
      ),
  );
  r.delete(
    `/${kind}/:id`,
    {
      preHandler: requireScopes(spec.write),
      schema: { tags, summary: `Delete one of the caller's ${kind}`, params: GearIdParamsSchema, response: { 204: noContent("Deleted") } },
    },
    async (request, reply) => {
      await gear.remove(kind, callerOf(request).sub, request.params.id);
      return reply.status(204).send();
    },
  );
}

export function gearRoutes(app: FastifyInstance, deps: { gear: GearService; requireScopes: RequireScopes }) {
  gearResource(app, deps, "cameras", {
    tag: "cameras",
    body: CameraBodySchema,
    item: CameraSchema,
    read: "read:camera",
    write: "write:camera",
  });
  gearResource(app, deps, "lenses", { tag: "lenses", body: LensBodySchema, item: LensSchema, read: "read:lens", write: "write:lens" });
}
