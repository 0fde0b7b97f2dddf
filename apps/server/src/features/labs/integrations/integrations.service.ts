import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type ImportResult,
  type IntegrationSecret,
  type IntegrationsState,
  type ShopifyInstall,
  shopifyShopOf,
  type WooAuth,
} from "@latent/domain/integrations";
import { type NewOrder, NewOrderSchema } from "@latent/domain/orders";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Config } from "../../../config.ts";
import type { SecretBox } from "../../../platform/crypto/secret-box.ts";
import { newSecretToken, secretTokenHash } from "../../../platform/crypto/secret-token.ts";
import type { Database } from "../../../platform/db/schema.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import { findIntegrations, insertPending, saveIntegrations, takePending } from "./integrations.store.ts";
import { readShopifyQuery, SHOPIFY_SCOPES, type ShopifyAdmin, ShopifyError, verifyShopifyHmac } from "./shopify-admin.ts";

/**
 * What integrations needs of the orders feature: an order made once per store order (lab, source, external id), and
 * never again once the lab deleted it.
 */
export interface OrderImporter {
  importOrder(
    labId: string,
    order: NewOrder,
    source: "shopify" | "woocommerce",
    externalId: string,
  ): Promise<{ id: string | null; created: boolean }>;
}

export interface IntegrationsDeps {
  db: Kysely<Database>;
  orders: OrderImporter;
  /** Seals credentials at rest; each value bound to its lab and field. */
  box: SecretBox;
  /** Null when the operator has not configured the Shopify app. */
  shopify: { config: NonNullable<Config["shopify"]>; admin: ShopifyAdmin } | null;
  publicUrl: string;
  /** The web app's integrations page, where the browser lands after connecting a store. */
  returnPath: string;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
  now: () => Date;
}

/** How long an install or authorization may take between our answer and the store's callback. */
const SHOPIFY_STATE_MINUTES = 10;
// WooCommerce's page may first ask the lab to sign in to WordPress.
const WOO_CODE_MINUTES = 30;

// Stryker disable next-line Regex: URL writes a host ending in a number as four-part IPv4, and the only first part ending in 127 is 127.
const isLoopback = (host: string) => host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);

/** WooCommerce's callback body (its REST API authentication endpoint, `wc-auth/v1`). */
// Stryker disable next-line ObjectLiteral: module level, which the vitest runner cannot switch per test; applied by hand, "says what is wrong with a store address or a key callback" fails.
const WooCallbackSchema = z.looseObject({
  key_id: z.union([z.number(), z.string()]).optional(),
  user_id: z.union([z.string(), z.number()]).transform(String),
  consumer_key: z.string().min(1).max(200),
  consumer_secret: z.string().min(1).max(200),
  key_permissions: z.string().optional(),
});

/** The fields of a WooCommerce order webhook (REST API v3 order) that make a lab order. */
// Stryker disable ObjectLiteral: module level, which the vitest runner cannot switch per test; applied by hand, "refuses a delivery whose billing names the customer with something other than text" fails.
const WooOrderSchema = z.looseObject({
  id: z.union([z.number(), z.string()]).transform(String),
  number: z.union([z.string(), z.number()]).transform(String).optional(),
  billing: z
    .looseObject({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      email: z.string().nullish(),
      phone: z.string().nullish(),
    })
    .nullish(),
});
// Stryker restore ObjectLiteral

/** A store's customer as a lab order, or null when it cannot be one (no valid email). A bad phone is dropped. */
function toNewOrder(fields: {
  reference: string;
  first?: string | null;
  last?: string | null;
  email?: string | null;
  phone?: string | null;
}) {
  // Stryker disable next-line StringLiteral: NewOrderSchema refuses or drops a missing address whatever text stands for it.
  const email = fields.email?.trim() ?? "";
  // Stryker disable next-line MethodExpression: null and "" join alike, and the trim that follows removes the spaces.
  const name = [fields.first, fields.last].filter(Boolean).join(" ").trim() || email;
  // Stryker disable next-line MethodExpression,StringLiteral: the schema's text(30) trims the phone, and drops a missing one whatever stands for it.
  const candidate = { reference: fields.reference, user_name: name, user_email: email, user_phone: fields.phone?.trim() ?? "" };
  const parsed = NewOrderSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const withoutPhone = NewOrderSchema.safeParse({ ...candidate, user_phone: "" });
  return withoutPhone.success ? withoutPhone.data : null;
}

/**
 * Labs' online stores (issue 11): the integration secret, Shopify's OAuth install and order import, WooCommerce's
 * key authorization and signed order webhooks. Store orders become lab orders through the orders feature, once each.
 * Credentials are sealed at rest, never logged and never answered.
 */
export function createIntegrationsService(deps: IntegrationsDeps) {
  const { db, orders, box, shopify, publicUrl, returnPath, log, now } = deps;
  const sealFor = (labId: string, field: string) => `${labId}:${field}`;

  function shopifyOrRefuse() {
    if (!shopify)
      throw new AppError("store-not-connected", "Shopify is not configured on this server: the operator has not set up the Shopify app");
    return shopify;
  }

  /** The lab's integration secret in clear, for signature checks; null until generated, or when it does not open. */
  async function secretOf(labId: string): Promise<string | null> {
    const row = await findIntegrations(db, labId);
    if (!row?.secret_sealed) return null;
    try {
      return box.open(row.secret_sealed, sealFor(labId, "secret"));
    } catch {
      // Sealed for another lab (a row copied over) or under another key: nothing can be signed with it.
      // Stryker disable next-line all: only an operator's log line.
      log.warn({ lab: labId }, "the integration secret does not open for this lab");
      return null;
    }
  }

  return {
    /** The lab's integrations: which are set up, and with which store; never a credential. */
    async state(labId: string): Promise<IntegrationsState> {
      const row = await findIntegrations(db, labId);
      const shopifyOn = Boolean(row?.shopify_token_sealed);
      const wooOn = Boolean(row?.woocommerce_key_sealed);
      return {
        secret_set: Boolean(row?.secret_hash),
        // Stryker disable next-line OptionalChaining: a connected shop implies its row.
        shopify: { available: shopify !== null, connected: shopifyOn, shop: shopifyOn ? (row?.shopify_shop ?? null) : null },
        // Stryker disable next-line OptionalChaining: a connected store implies its row.
        woocommerce: { connected: wooOn, store_url: wooOn ? (row?.woocommerce_store_url ?? null) : null },
      };
    },

    /**
     * A new 256-bit integration secret, answered this once (spec §2: regenerate and copy); the previous one stops
     * working. Its hash says it is set; a sealed copy lets the server check WooCommerce's webhook signatures, which
     * are HMACs keyed with it.
     */
    async regenerateSecret(labId: string): Promise<IntegrationSecret> {
      const { token: secret, hash } = newSecretToken();
      await saveIntegrations(db, labId, { secret_hash: hash, secret_sealed: box.seal(secret, sealFor(labId, "secret")) });
      return { secret };
    },

    /** Shopify's install page for the lab's shop, with a single-use `state` that its callback must bring back. */
    async shopifyInstallUrl(labId: string, shopUrl: string): Promise<ShopifyInstall> {
      const { config } = shopifyOrRefuse();
      const shop = shopifyShopOf(shopUrl);
      if (!shop) throw new AppError("shop-url-invalid");
      const { token: state, hash } = newSecretToken();
      const at = now();
      await insertPending(
        db,
        {
          token_hash: hash,
          lab_id: labId,
          kind: "shopify",
          target: shop,
          expires_at: new Date(at.getTime() + SHOPIFY_STATE_MINUTES * 60_000),
        },
        at,
      );
      const query = new URLSearchParams({
        client_id: config.clientId,
        scope: SHOPIFY_SCOPES,
        redirect_uri: `${publicUrl}/api/integrations/shopify/callback`,
        state,
      });
      return { url: `https://${shop}/admin/oauth/authorize?${query}` };
    },

    /**
     * Shopify's redirect after the install: its `hmac` must be signed with the app's secret, its `state` one we
     * issued for that very shop and not yet used; then the code becomes an access token, sealed. Answers where the
     * browser goes: the integrations page, saying connected or failed (the reason is logged, never shown). A query
     * naming a parameter twice is no redirect of Shopify's: 400.
     */
    async shopifyCallback(rawQuery: string): Promise<string> {
      const page = (outcome: "connected" | "failed") => `${publicUrl}${returnPath}?shopify=${outcome}`;
      const read = readShopifyQuery(rawQuery);
      if ("repeated" in read) {
        const name = read.repeated.slice(0, 40);
        throw new AppError("bad-request", `The query parameter "${name}" is repeated: Shopify's redirect names each once`, {
          [name]: "repeated",
        });
      }
      if (!shopify) return page("failed");
      const { params } = read;
      // Stryker disable next-line StringLiteral: shopifyShopOf refuses an absent shop whatever text stands for it.
      const shop = shopifyShopOf(params.get("shop") ?? "");
      const state = params.get("state");
      const code = params.get("code");
      if (!verifyShopifyHmac(params, shopify.config.clientSecret)) {
        log.warn({ shop }, "shopify callback refused: bad hmac");
        return page("failed");
      }
      if (!shop || !state || !code) {
        log.warn({ shop }, "shopify callback refused: shop, state or code missing");
        return page("failed");
      }
      const pending = await takePending(db, secretTokenHash(state), "shopify");
      if (!pending || new Date(pending.expires_at) <= now() || pending.target !== shop) {
        log.warn({ shop }, "shopify callback refused: unknown, used or expired state");
        return page("failed");
      }
      let token: string;
      try {
        token = await shopify.admin.exchangeCode(shop, code);
      } catch (err) {
        log.warn({ shop, lab: pending.lab_id, reason: (err as Error).message }, "shopify code exchange failed");
        return page("failed");
      }
      await saveIntegrations(db, pending.lab_id, {
        shopify_shop: shop,
        shopify_token_sealed: box.seal(token, sealFor(pending.lab_id, "shopify-token")),
        shopify_connected_at: now(),
      });
      log.info({ shop, lab: pending.lab_id }, "shopify connected");
      return page("connected");
    },

    /** Imports the shop's newest orders as lab orders; one already imported is skipped (idempotent on its id). */
    async importShopifyOrders(labId: string, count: number): Promise<ImportResult> {
      const { admin } = shopifyOrRefuse();
      const row = await findIntegrations(db, labId);
      if (!row?.shopify_token_sealed || !row.shopify_shop)
        throw new AppError("store-not-connected", "Shopify is not connected: connect the shop first");
      const token = box.open(row.shopify_token_sealed, sealFor(labId, "shopify-token"));
      let found: Awaited<ReturnType<ShopifyAdmin["newestOrders"]>>;
      try {
        found = await admin.newestOrders(row.shopify_shop, token, count);
      } catch (err) {
        if (!(err instanceof ShopifyError)) throw err;
        log.warn({ shop: row.shopify_shop, lab: labId, reason: err.message }, "shopify orders import failed");
        if (err.kind === "refused") throw new AppError("store-not-connected", "Shopify refused the stored access: connect the shop again");
        throw new AppError("store-unreachable");
      }
      const result = { imported: 0, skipped: 0 };
      for (const o of found) {
        const order = toNewOrder({
          reference: o.name,
          first: o.customer?.firstName,
          last: o.customer?.lastName,
          email: o.email ?? o.customer?.email,
          phone: o.phone ?? o.customer?.phone,
        });
        if (!order) {
          result.skipped++;
          continue;
        }
        const { created } = await orders.importOrder(labId, order, "shopify", o.id);
        result[created ? "imported" : "skipped"]++;
      }
      return result;
    },

    /**
     * Starts WooCommerce's key authorization for the store at `storeId` (its base URL, HTTPS; plain HTTP only on
     * loopback, for tests): the single-use code goes out as WooCommerce's `user_id` and comes back in its callback.
     */
    async wooAuth(labId: string, storeId: string): Promise<WooAuth> {
      let store: URL;
      try {
        store = new URL(storeId);
      } catch {
        throw new AppError("bad-request", "store_id: must be the store's address (https://shop.example.com)", { store_id: "not valid" });
      }
      if (!(store.protocol === "https:" || (store.protocol === "http:" && isLoopback(store.hostname))) || store.username || store.password)
        throw new AppError("bad-request", "store_id: must be an https:// address", { store_id: "not valid" });
      const storeUrl = `${store.origin}${store.pathname.replace(/\/+$/, "")}`;
      const { token: code, hash } = newSecretToken();
      const at = now();
      await insertPending(
        db,
        {
          token_hash: hash,
          lab_id: labId,
          kind: "woocommerce",
          target: storeUrl,
          expires_at: new Date(at.getTime() + WOO_CODE_MINUTES * 60_000),
        },
        at,
      );
      const query = new URLSearchParams({
        app_name: "Latent",
        scope: "read",
        user_id: code,
        return_url: `${publicUrl}${returnPath}`,
        callback_url: `${publicUrl}/api/integrations/woocommerce/callback`,
      });
      return { code, url: `${storeUrl}/wc-auth/v1/authorize?${query}` };
    },

    /** WooCommerce's callback with the new REST API keys: kept sealed for the lab whose pending code it names. */
    async wooCallback(body: unknown): Promise<void> {
      const parsed = WooCallbackSchema.safeParse(body);
      if (!parsed.success) throw new AppError("bad-request", "Not a WooCommerce key callback");
      const pending = await takePending(db, secretTokenHash(parsed.data.user_id), "woocommerce");
      if (!pending || new Date(pending.expires_at) <= now()) throw new AppError("bad-request", "Unknown, used or expired authorization");
      await saveIntegrations(db, pending.lab_id, {
        woocommerce_store_url: pending.target,
        woocommerce_key_sealed: box.seal(parsed.data.consumer_key, sealFor(pending.lab_id, "woocommerce-key")),
        woocommerce_secret_sealed: box.seal(parsed.data.consumer_secret, sealFor(pending.lab_id, "woocommerce-secret")),
        woocommerce_connected_at: now(),
      });
      log.info({ lab: pending.lab_id, store: pending.target }, "woocommerce connected");
    },

    /** Forgets the lab's WooCommerce keys (they should also be revoked in WooCommerce). */
    async wooDisconnect(labId: string): Promise<void> {
      await saveIntegrations(db, labId, {
        woocommerce_store_url: null,
        woocommerce_key_sealed: null,
        woocommerce_secret_sealed: null,
        woocommerce_connected_at: null,
      });
    },

    /**
     * One WooCommerce webhook delivery for a lab. WooCommerce's ping when the webhook is saved (`webhook_id` only,
     * unsigned) is acknowledged; anything else must carry `X-WC-Webhook-Signature` = base64(HMAC-SHA256(raw body,
     * the lab's integration secret)), else nothing changes (400). An order becomes a lab order once.
     */
    async wooWebhook(labId: string, raw: Buffer, signature: string | undefined, topic: string | undefined): Promise<void> {
      const text = raw.toString("utf8");
      if (/^webhook_id=\d+$/.test(text.trim()) || /^\{\s*"webhook_id"\s*:\s*"?\d+"?\s*\}$/.test(text.trim())) return;
      const secret = await secretOf(labId);
      const expected = secret ? createHmac("sha256", secret).update(raw).digest() : null;
      const given = signature ? Buffer.from(signature, "base64") : null;
      if (!expected || !given || given.length !== expected.length || !timingSafeEqual(expected, given))
        throw new AppError("webhook-signature-invalid");
      // Only order topics make orders; a deleted order's body holds its id alone.
      if (topic && (!topic.startsWith("order.") || topic === "order.deleted")) return;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new AppError("bad-request", "The webhook body is not JSON");
      }
      const parsed = WooOrderSchema.safeParse(body);
      if (!parsed.success) throw new AppError("bad-request", "The webhook body is not a WooCommerce order");
      const o = parsed.data;
      const order = toNewOrder({
        reference: `#${o.number ?? o.id}`,
        first: o.billing?.first_name,
        last: o.billing?.last_name,
        email: o.billing?.email,
        phone: o.billing?.phone,
      });
      if (!order) {
        log.info({ lab: labId, order: o.id }, "woocommerce order without a customer email: not imported");
        return;
      }
      await orders.importOrder(labId, order, "woocommerce", o.id);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
