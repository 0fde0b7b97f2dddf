import {
  ImportResultSchema,
  IntegrationSecretSchema,
  IntegrationsStateSchema,
  ShopifyImportQuerySchema,
  ShopifyInstallQuerySchema,
  ShopifyInstallSchema,
  WooAuthQuerySchema,
  WooAuthSchema,
  WooDisconnectSchema,
} from "@latent/domain/integrations";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { noContent } from "../../../platform/http/no-content.ts";
import { callerOf, labOnly, type RequireScopes } from "../../../platform/identity/authenticate.ts";
import type { IntegrationsService } from "./integrations.service.ts";

/** Most bytes of one WooCommerce webhook: an order with many lines and metadata stays far below. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * A lab's store integrations (spec §7 `integrations//…`; the router folds the spec's double slash, so both spellings
 * reach these routes). The stores' callbacks and WooCommerce's webhook are public: the browser returns from Shopify
 * without our token, and WooCommerce calls us; each proves itself (hmac and state, pending code, signature).
 */
export function integrationsRoutes(app: FastifyInstance, deps: { integrations: IntegrationsService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { integrations, requireScopes } = deps;
  const tags = ["integrations"];
  const labId = (request: Parameters<typeof callerOf>[0]) => callerOf(request).sub;

  r.get(
    "/integrations",
    {
      preHandler: [requireScopes("read:lab"), labOnly],
      schema: {
        tags,
        summary: "The lab's integrations: secret set, stores connected (never a credential)",
        response: { 200: IntegrationsStateSchema },
      },
    },
    async (request) => integrations.state(labId(request)),
  );

  r.post(
    "/integrations/secret",
    {
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "A new integration secret, shown only in this answer; the previous one stops working",
        response: { 200: IntegrationSecretSchema },
      },
    },
    async (request) => integrations.regenerateSecret(labId(request)),
  );

  r.get(
    "/integrations/shopify",
    {
      config: { errors: ["shop-url-invalid", "store-not-connected"] },
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "Shopify's install page for the lab's shop (name.myshopify.com); the browser goes to `url`",
        querystring: ShopifyInstallQuerySchema,
        response: { 200: ShopifyInstallSchema },
      },
    },
    async (request) => integrations.shopifyInstallUrl(labId(request), request.query.shop_url),
  );

  r.get(
    "/integrations/shopify/callback",
    {
      schema: {
        tags,
        summary: "Shopify's redirect after the install (hmac-signed); sends the browser to the integrations page",
        querystring: z.looseObject({}),
        response: { 302: noContent("To the integrations page, saying how the connection went") },
      },
    },
    async (request, reply) => reply.redirect(await integrations.shopifyCallback(request.url.split("?")[1] ?? ""), 302),
  );

  r.get(
    "/integrations/shopify/import/orders",
    {
      config: { errors: ["store-not-connected"] },
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "Imports the shop's newest orders as lab orders, each once",
        querystring: ShopifyImportQuerySchema,
        response: { 200: ImportResultSchema },
      },
    },
    async (request) => integrations.importShopifyOrders(labId(request), request.query.num_of_orders),
  );

  r.post(
    "/integrations/woocommerce/auth",
    {
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: {
        tags,
        summary: "Starts WooCommerce's key authorization for the store; the browser goes to `url`",
        querystring: WooAuthQuerySchema,
        response: { 200: WooAuthSchema },
      },
    },
    async (request) => integrations.wooAuth(labId(request), request.query.store_id),
  );

  r.post(
    "/integrations/woocommerce/auth/disconnect",
    {
      preHandler: [requireScopes("write:lab"), labOnly],
      schema: { tags, summary: "Forgets the lab's WooCommerce keys", response: { 200: WooDisconnectSchema } },
    },
    async (request) => {
      await integrations.wooDisconnect(labId(request));
      return { code: "disconnected" as const };
    },
  );

  r.post(
    "/integrations/woocommerce/callback",
    {
      schema: {
        tags,
        summary: "WooCommerce's callback with the REST API keys of a pending authorization",
        body: z.looseObject({}),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      await integrations.wooCallback(request.body);
      return { received: true as const };
    },
  );

  // WooCommerce's webhook: the signature covers the exact bytes sent, so this scope keeps the body raw.
  app.register(async (scope) => {
    const raw = (_request: unknown, body: Buffer, done: (err: null, body: Buffer) => void) => done(null, body);
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, raw);
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, raw);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/integrations/woocommerce/webhook/:labId",
      {
        config: { errors: ["webhook-signature-invalid"] },
        schema: {
          tags,
          summary: "WooCommerce's order webhooks for a lab, signed with the lab's integration secret (X-WC-Webhook-Signature)",
          params: z.object({ labId: z.string().min(1).max(200) }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === "string" ? value : undefined;
        };
        await integrations.wooWebhook(
          request.params.labId,
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          header("x-wc-webhook-signature"),
          header("x-wc-webhook-topic"),
        );
        return { received: true as const };
      },
    );
  });
}
