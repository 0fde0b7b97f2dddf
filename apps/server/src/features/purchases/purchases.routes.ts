import {
  CheckoutBodySchema,
  CheckoutSessionSchema,
  ConfirmQuerySchema,
  ListOffersQuerySchema,
  MySubscriptionSchema,
  MySubscriptionsQuerySchema,
  MySubscriptionsSchema,
  PlanOffersSchema,
  PortalSessionSchema,
  PurchaseConfirmationSchema,
  SessionParamsSchema,
} from "@latent/domain/purchases";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf, type RequireScopes, verifiedEmail } from "../../platform/identity/authenticate.ts";
import type { PurchasesService } from "./purchases.service.ts";

const buyer = (caller: { sub: string; email: string | null }) => ({ userId: caller.sub, email: caller.email });

/** The product API's purchases (spec §7): plans on offer, checkout, the caller's subscriptions, the portal. */
export function purchasesRoutes(app: FastifyInstance, deps: { purchases: PurchasesService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { purchases, requireScopes } = deps;
  const tags = ["purchases"];

  r.get(
    "/purchases/subscriptions",
    {
      preHandler: requireScopes("read:user"),
      schema: {
        tags,
        summary: "The plans with monthly prices in a currency, sorted by price.amount",
        querystring: ListOffersQuerySchema,
        response: { 200: PlanOffersSchema },
      },
    },
    async (request) => purchases.offers(request.query.currency, callerOf(request).email),
  );

  r.post(
    "/purchases/checkout",
    {
      config: { errors: ["already-subscribed", "subscription-in-mobile-app"] },
      preHandler: [requireScopes("write:user"), verifiedEmail],
      schema: {
        tags,
        summary: "Start a checkout; the browser goes to `url`",
        body: CheckoutBodySchema,
        response: { 200: CheckoutSessionSchema },
      },
    },
    async (request) => purchases.checkout(buyer(callerOf(request)), request.body),
  );

  r.post(
    "/user/reactivate",
    {
      config: { errors: ["account-not-inactive"] },
      preHandler: [requireScopes("write:user"), verifiedEmail],
      schema: {
        tags: ["user"],
        summary: "Reactivate an inactive account: a checkout for the previous plan; the browser goes to `url`",
        response: { 201: z.object({ url: z.string() }) },
      },
    },
    async (request, reply) => reply.code(201).send(await purchases.reactivate(buyer(callerOf(request)))),
  );

  r.get(
    "/purchases/my-subscriptions",
    {
      config: { errors: ["no-subscriptions-found"] },
      preHandler: requireScopes("read:user"),
      schema: {
        tags,
        summary: "The caller's subscriptions; 404 when there are none",
        querystring: MySubscriptionsQuerySchema,
        response: { 200: MySubscriptionsSchema },
      },
    },
    async (request) => purchases.mine(callerOf(request).sub, request.query.status),
  );

  r.post(
    "/purchases/my-subscriptions/:sessionId",
    {
      config: { errors: ["no-subscriptions-found", "payment-not-completed"] },
      preHandler: requireScopes("read:user"),
      schema: {
        tags,
        summary: "The subscription a returned checkout started; 422 until its payment is applied",
        params: SessionParamsSchema,
        response: { 200: MySubscriptionSchema },
      },
    },
    async (request) => purchases.confirm(callerOf(request).sub, request.params.sessionId),
  );

  r.post(
    "/purchases/portal",
    {
      config: { errors: ["no-subscriptions-found"] },
      preHandler: requireScopes("write:user"),
      schema: { tags, summary: "The customer portal's address", response: { 200: PortalSessionSchema } },
    },
    async (request) => purchases.portal(callerOf(request).sub),
  );

  r.get(
    "/purchases/confirm/:sessionId",
    {
      schema: {
        tags,
        summary: "Whether a checkout is paid, for the email it was made with",
        params: SessionParamsSchema,
        querystring: ConfirmQuerySchema,
        response: { 200: PurchaseConfirmationSchema },
      },
    },
    async (request) => purchases.publicConfirmation(request.params.sessionId, request.query.email),
  );

  // The provider's webhook: the signature covers the exact bytes sent, so this scope keeps the body raw.
  app.register(async (scope) => {
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/purchases/webhook",
      {
        config: { errors: ["webhook-signature-invalid", "webhook-event-unknown"] },
        schema: {
          tags,
          summary: "The payment provider's signed events (Stripe-Signature)",
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        await purchases.receiveWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === "string" ? signature : undefined,
        );
        return { received: true as const };
      },
    );
  });
}
