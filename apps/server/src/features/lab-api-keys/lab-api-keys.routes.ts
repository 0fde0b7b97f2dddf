import { CreatedLabKeySchema, CreateLabKeyBodySchema, LabKeyParamsSchema, LabKeysSchema } from "@latent/domain/lab-api-keys";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { noContent } from "../../platform/http/no-content.ts";
import { callerOf, labOnly, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { LabApiKeysService } from "./lab-api-keys.service.ts";

/**
 * A lab's API keys (`lab/api-keys`), managed by the signed-in lab only: a key carries neither read:lab nor write:lab,
 * so no key can list, make or revoke keys.
 */
export function labApiKeysRoutes(app: FastifyInstance, deps: { keys: LabApiKeysService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { keys, requireScopes } = deps;
  const tags = ["lab api keys"];

  r.get(
    "/lab/api-keys",
    {
      preHandler: [requireScopes("read:lab"), labOnly],
      schema: { tags, summary: "The lab's live API keys (never their tokens), oldest first", response: { 200: LabKeysSchema } },
    },
    async (request) => keys.list(callerOf(request).sub),
  );

  r.post(
    "/lab/api-keys",
    {
      config: {
        errors: ["lab-key-name-required", "lab-key-name-too-long", "lab-key-name-invalid", "lab-key-scopes-required", "lab-keys-limit"],
      },
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "Makes an API key (201): its token is in this answer only; send it as `Authorization: Bearer latk_…`",
        body: CreateLabKeyBodySchema,
        response: { 201: CreatedLabKeySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await keys.create(callerOf(request).sub, request.body)),
  );

  r.delete(
    "/lab/api-keys/:id",
    {
      config: { errors: ["lab-key-not-found"] },
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "Revokes the key: refused from the next request on, on every instance",
        params: LabKeyParamsSchema,
        response: { 204: noContent("The key is revoked") },
      },
    },
    async (request, reply) => {
      await keys.revoke(callerOf(request).sub, request.params.id);
      return reply.code(204).send();
    },
  );
}
