import { NewsletterAcceptedSchema, NewsletterBodySchema } from "@latent/domain/contact";
import { resolveLocale } from "@latent/domain/locales";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { NewsletterService } from "./newsletter.service.ts";
import { type NewsletterPage, renderNewsletterPage } from "./newsletter-messages.ts";

// A mangled link still gets the page (saying it is not valid), never a JSON error.
const LinkQuerySchema = z.object({
  token: z.string().max(256).optional().catch(undefined),
  lang: z.string().max(35).optional().catch(undefined),
});

function acceptedLanguages(request: FastifyRequest): string[] {
  return String(request.headers["accept-language"] ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim())
    .filter(Boolean);
}

/** POST /newsletter, and the two pages its mails link to: confirm and unsubscribe. */
export function newsletterRoutes(app: FastifyInstance, deps: { newsletter: NewsletterService; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { newsletter } = deps;

  const page = (request: FastifyRequest, reply: FastifyReply, name: NewsletterPage, status: number) =>
    reply
      .status(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      // The URL holds a token: the page's own link must not pass it on.
      .header("referrer-policy", "no-referrer")
      .send(
        renderNewsletterPage(name, resolveLocale((request.query as { lang?: string }).lang, acceptedLanguages(request)), deps.publicUrl),
      );

  r.post(
    "/newsletter",
    {
      bodyLimit: 16 * 1024,
      config: { errors: ["rate-limited-email"] },
      schema: {
        tags: ["newsletter"],
        security: [],
        summary: "Subscribes an email to the newsletter: a confirmation mail asks its owner first",
        body: NewsletterBodySchema,
        response: { 202: NewsletterAcceptedSchema },
      },
    },
    async (request, reply) => {
      const locale = request.body.locale ?? resolveLocale(null, acceptedLanguages(request));
      return reply.status(202).send(await newsletter.subscribe(request.body.email, locale, request.ip));
    },
  );

  r.get("/newsletter/confirm", { schema: { hide: true, querystring: LinkQuerySchema } }, async (request, reply) =>
    (await newsletter.confirm(request.query.token ?? "")) ? page(request, reply, "confirmed", 200) : page(request, reply, "invalid", 400),
  );

  r.get("/newsletter/unsubscribe", { schema: { hide: true, querystring: LinkQuerySchema } }, async (request, reply) =>
    (await newsletter.unsubscribe(request.query.token ?? ""))
      ? page(request, reply, "unsubscribed", 200)
      : page(request, reply, "invalid", 400),
  );
}
