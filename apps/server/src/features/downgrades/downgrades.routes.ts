import { UserSchema } from "@latent/domain/user";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { DowngradesService } from "./downgrades.service.ts";

export function downgradesRoutes(app: FastifyInstance, deps: { downgrades: DowngradesService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { downgrades, requireScopes } = deps;

  r.post(
    "/user/downgrade",
    {
      config: { errors: ["nothing-over-limit"] },
      preHandler: requireScopes("write:user"),
      schema: {
        tags: ["user"],
        summary: "Run the downgrade clean-up now: delete unkept scans, oldest first, until usage fits the plan",
        response: { 201: UserSchema },
      },
    },
    async (request, reply) => {
      const user = await downgrades.cleanUpNow(callerOf(request).sub);
      return reply.code(201).send(user);
    },
  );
}
