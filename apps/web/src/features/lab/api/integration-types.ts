/**
 * The store integrations' shapes (GET integrations/ and its actions). Written here until the domain package has
 * `integrations.ts`; then these give way to its schemas' types.
 */
export interface IntegrationsStatus {
  secret_set: boolean;
  shopify: { connected: boolean; shop: string | null };
  woocommerce: { connected: boolean; store_url: string | null };
}
export interface IntegrationSecret {
  secret: string;
}
export interface RedirectUrl {
  url: string;
}
export interface WooCommerceAuth {
  code: string;
  url: string;
}
export interface ImportedOrders {
  imported: number;
  skipped: number;
}

/** Shopify's import takes 1 to 250 of the latest orders at a time. */
export const SHOPIFY_IMPORT_MIN = 1;
export const SHOPIFY_IMPORT_MAX = 250;
export const SHOPIFY_IMPORT_DEFAULT = 20;
