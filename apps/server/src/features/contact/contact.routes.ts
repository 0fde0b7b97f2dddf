import { ContactBodySchema, ContactSentSchema } from "@latent/domain/contact";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ContactService } from "./contact.service.ts";

/** POST /contact: the public contact form (no sign-in). */
export function contactRoutes(app: FastifyInstance, deps: { contact: ContactService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/contact",
    {
      bodyLimit: 64 * 1024,
      config: { errors: ["rate-limited-email"] },
      schema: {
        tags: ["contact"],
        security: [],
        summary: "Sends the contact form to the team (one per minute from an address or an email)",
        body: ContactBodySchema,
        response: { 201: ContactSentSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await deps.contact.send(request.body, request.ip)),
  );
}
