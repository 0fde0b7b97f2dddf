import { BetaBodySchema, BetaRegisteredSchema, BetaStatusSchema } from "@latent/domain/contact";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../platform/http/app-error.ts";
import type { BetaService } from "./beta.service.ts";

/** GET /beta: whether registration is open; POST /beta: the open-beta sign-up (no sign-in). */
export function betaRoutes(app: FastifyInstance, deps: { beta: BetaService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/beta",
    { schema: { tags: ["beta"], security: [], summary: "Whether the open beta takes registrations", response: { 200: BetaStatusSchema } } },
    async (_request, reply) => reply.header("cache-control", "no-store").send(await deps.beta.status()),
  );
  r.post(
    "/beta",
    {
      bodyLimit: 32 * 1024,
      config: { errors: ["beta-closed", "email-already-registered"] },
      schema: {
        tags: ["beta"],
        security: [],
        summary: "Registers an email for the open beta; 410 once it is closed, 409 for an email already registered",
        body: BetaBodySchema,
        response: { 201: BetaRegisteredSchema },
      },
    },
    async (request, reply) => {
      try {
        return reply.status(201).send(await deps.beta.register(request.body));
      } catch (err) {
        if (err instanceof AppError) throw err;
        // The visitor gets the spec's "try again later"; the cause goes to the log only.
        request.log.error({ err }, "beta registration failed");
        throw new AppError("beta-registration-failed");
      }
    },
  );
}
