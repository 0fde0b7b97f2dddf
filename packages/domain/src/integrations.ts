import { z } from "zod";

/** Most orders one Shopify import fetches: the Admin API's largest page (`orders(first: 250)`). */
export const SHOPIFY_IMPORT_MAX = 250;
export const SHOPIFY_IMPORT_MIN = 1;
/** What the lab's import form offers first: a day or two of a small shop's orders. */
export const SHOPIFY_IMPORT_DEFAULT = 20;

/**
 * A Shopify shop's own domain from what a lab typed (`https://name.myshopify.com/admin`, `Name.myshopify.com`), or
 * null when it is not one: the OAuth install must go to the shop's `*.myshopify.com` host, never to a custom domain.
 */
export function shopifyShopOf(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .split(/[/?#]/)[0]!;
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(host) ? host : null;
}

/** GET integrations/: the lab's integrations as the profile shows them; never a credential. */
export const IntegrationsStateSchema = z.object({
  /** Whether the lab generated its integration secret (the secret itself is shown once, when generated). */
  secret_set: z.boolean(),
  /** `available`: this server has a Shopify app configured; without one a lab can connect only WooCommerce. */
  shopify: z.object({ available: z.boolean(), connected: z.boolean(), shop: z.string().nullable() }),
  woocommerce: z.object({ connected: z.boolean(), store_url: z.string().nullable() }),
});
export type IntegrationsState = z.infer<typeof IntegrationsStateSchema>;

/** POST integrations/secret: the new secret, shown this once (spec §2: regenerate and copy). */
export const IntegrationSecretSchema = z.object({ secret: z.string() });
export type IntegrationSecret = z.infer<typeof IntegrationSecretSchema>;

/** GET integrations/shopify?shop_url= */
export const ShopifyInstallQuerySchema = z.object({ shop_url: z.string().trim().min(1).max(300) });
/** Where the browser goes to install the app on the shop (Shopify's OAuth authorize page). */
export const ShopifyInstallSchema = z.object({ url: z.string() });
export type ShopifyInstall = z.infer<typeof ShopifyInstallSchema>;

/** GET integrations/shopify/import/orders?num_of_orders= */
export const ShopifyImportQuerySchema = z.object({
  num_of_orders: z.coerce
    .number({ error: `must be a whole number from 1 to ${SHOPIFY_IMPORT_MAX}` })
    .int({ error: `must be a whole number from 1 to ${SHOPIFY_IMPORT_MAX}` })
    .min(SHOPIFY_IMPORT_MIN, { error: `must be a whole number from 1 to ${SHOPIFY_IMPORT_MAX}` })
    .max(SHOPIFY_IMPORT_MAX, { error: `must be a whole number from 1 to ${SHOPIFY_IMPORT_MAX}` }),
});
/** What an import did: orders made now, and those already imported before or without a customer email. */
export const ImportResultSchema = z.object({ imported: z.number().int(), skipped: z.number().int() });
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** POST integrations/woocommerce/auth?store_id= (the store's base URL). */
export const WooAuthQuerySchema = z.object({ store_id: z.string().trim().min(1).max(500) });
/** The pending authorization's code and WooCommerce's authorization page the browser goes to. */
export const WooAuthSchema = z.object({ code: z.string(), url: z.string() });
export type WooAuth = z.infer<typeof WooAuthSchema>;
export const WooDisconnectSchema = z.object({ code: z.literal("disconnected") });
