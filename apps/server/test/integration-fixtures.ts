import { randomUUID } from "node:crypto";
import { type FakeShopify, startFakeShopify } from "./fake-shopify.ts";
import { type DatabaseKind, startServer, type TestServer } from "./harness.ts";

/** The Shopify app's credentials both sides of the fake know. */
export interface ShopifyApp {
  clientId: string;
  clientSecret: string;
}

/** A server with the Shopify app configured against a fake Shopify holding `orders` orders per shop. */
export async function startIntegrationServer(kind: DatabaseKind, app: ShopifyApp, orders: number) {
  const shopify: FakeShopify = await startFakeShopify({ ...app, orders });
  const s: TestServer = await startServer(kind, {
    SHOPIFY_CLIENT_ID: app.clientId,
    SHOPIFY_CLIENT_SECRET: app.clientSecret,
    SHOPIFY_API_URL: shopify.url,
    PUBLIC_URL: "https://latent.example",
  });
  return {
    s,
    shopify,
    /** A new lab account and its token. */
    newLab: async () => {
      const sub = randomUUID();
      return { sub, token: await s.token({ sub, email: `${sub}@lab.example.com`, role: "lab" }) };
    },
    close: async () => {
      await s.close();
      await shopify.stop();
    },
  };
}
