import { createHash, createHmac, randomUUID } from "node:crypto";
import { stringify } from "node:querystring";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIntegrationsService } from "../src/features/labs/integrations/integrations.service.ts";
import { createShopifyAdmin } from "../src/features/labs/integrations/shopify-admin.ts";
import { createSecretBox } from "../src/platform/crypto/secret-box.ts";
import type { FakeShopify } from "./fake-shopify.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { startIntegrationServer } from "./integration-fixtures.ts";

const SHOPIFY = { clientId: "latent-shopify-app", clientSecret: "shpss_test_client_secret" };
const SHOP = "darkroom-supplies.myshopify.com";

/** Shopify's redirect query, signed as Shopify signs it (sorted, query-encoded, HMAC-SHA256 hex with the client secret). */
function shopifyRedirect(params: Record<string, string>, secret = SHOPIFY.clientSecret) {
  const sorted = Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
  const hmac = createHmac("sha256", secret).update(stringify(sorted)).digest("hex");
  return new URLSearchParams({ ...params, hmac }).toString();
}

/** A WooCommerce order as its `order.created` webhook sends it (REST API v3 shape, trimmed). */
const wooOrder = (id: number) => ({
  id,
  parent_id: 0,
  number: String(id),
  order_key: `wc_order_${id}abc`,
  created_via: "checkout",
  status: "processing",
  currency: "EUR",
  total: "24.90",
  billing: {
    first_name: "Joan",
    last_name: "Miró",
    company: "",
    address_1: "Carrer de Montcada 15",
    city: "Barcelona",
    postcode: "08003",
    country: "ES",
    email: "joan.miro@example.com",
    phone: "+34 600 111 222",
  },
  line_items: [{ id: 1, name: "Develop + scan 135", quantity: 1, total: "24.90" }],
});

describe.each(DATABASES)("labs' store integrations on %s", (kind) => {
  let s: TestServer;
  let shopify: FakeShopify;
  let started: Awaited<ReturnType<typeof startIntegrationServer>>;
  beforeAll(async () => {
    started = await startIntegrationServer(kind, SHOPIFY, 7);
    ({ s, shopify } = started);
  });
  afterAll(async () => started?.close());

  const newLab = () => started.newLab();
  const integrationsRow = (labId: string) =>
    s.latent.db.selectFrom("lab_integrations").selectAll().where("lab_id", "=", labId).executeTakeFirst();
  const ordersOf = (labId: string, source: "shopify" | "woocommerce") =>
    s.latent.db.selectFrom("orders").selectAll().where("lab_id", "=", labId).where("source", "=", source).orderBy("reference").execute();
  const callback = async (query: string) => {
    const res = await fetch(`${s.base}/api/integrations/shopify/callback?${query}`, { redirect: "manual" });
    return { status: res.status, location: res.headers.get("location") };
  };
  /** Starts an install for the lab and answers the state it carries. */
  const installState = async (token: string, shop = SHOP) => {
    const res = await s.api(`/api/integrations/shopify?shop_url=${encodeURIComponent(`https://${shop}/admin`)}`, { token });
    expect(res.status).toBe(200);
    return new URL(res.body.url).searchParams.get("state")!;
  };
  const connectShopify = async (token: string) => {
    const state = await installState(token);
    const query = shopifyRedirect({ code: shopify.issueCode(), shop: SHOP, state, timestamp: String(Math.floor(Date.now() / 1000)) });
    expect(await callback(query)).toEqual({ status: 302, location: "https://latent.example/u/lab/lintegrations?shopify=connected" });
  };
  const webhook = (labId: string, body: string, headers: Record<string, string>) =>
    fetch(`${s.base}/api/integrations/woocommerce/webhook/${labId}`, { method: "POST", body, headers });
  const signed = (body: string, secret: string) => createHmac("sha256", secret).update(body).digest("base64");
  const orderHeaders = (signature: string) => ({
    "content-type": "application/json",
    "user-agent": "WooCommerce/9.9.0 Hookshot (WordPress/6.8)",
    "x-wc-webhook-source": "https://shop.example.com/",
    "x-wc-webhook-topic": "order.created",
    "x-wc-webhook-resource": "order",
    "x-wc-webhook-event": "created",
    "x-wc-webhook-id": "12",
    "x-wc-webhook-delivery-id": randomUUID(),
    "x-wc-webhook-signature": signature,
  });

  it("shows a new integration secret once and keeps only its hash and a sealed copy", async () => {
    const lab = await newLab();
    expect((await s.api("/api/integrations", { token: lab.token })).body).toEqual({
      secret_set: false,
      shopify: { available: true, connected: false, shop: null },
      woocommerce: { connected: false, store_url: null },
    });
    const first = await s.api("/api/integrations/secret", { method: "POST", token: lab.token });
    expect(first.status).toBe(200);
    expect(first.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await integrationsRow(lab.sub);
    expect(row?.secret_hash).toBe(createHash("sha256").update(first.body.secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(first.body.secret);
    const state = await s.api("/api/integrations", { token: lab.token });
    expect(state.body.secret_set).toBe(true);
    expect(JSON.stringify(state.body)).not.toContain(first.body.secret);

    const second = await s.api("/api/integrations/secret", { method: "POST", token: lab.token });
    expect(second.body.secret).not.toBe(first.body.secret);
    expect((await integrationsRow(lab.sub))?.secret_hash).toBe(createHash("sha256").update(second.body.secret).digest("hex"));
  });

  it("refuses a shop address that is not a myshopify.com shop", async () => {
    const lab = await newLab();
    for (const shopUrl of ["darkroom.example.com", "https://evil.example/x.myshopify.com", "-bad.myshopify.com", "myshopify.com"]) {
      const res = await s.api(`/api/integrations/shopify?shop_url=${encodeURIComponent(shopUrl)}`, { token: lab.token });
      expect(res.status, shopUrl).toBe(400);
      expect(res.body.error).toBe("shop-url-invalid");
    }
  });

  it("answers Shopify's install page with the app's client id, the order scopes, our callback and a state", async () => {
    const lab = await newLab();
    const res = await s.api(`/api/integrations/shopify?shop_url=${encodeURIComponent("Darkroom-Supplies.myshopify.com")}`, {
      token: lab.token,
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://${SHOP}/admin/oauth/authorize`);
    expect(url.searchParams.get("client_id")).toBe(SHOPIFY.clientId);
    expect(url.searchParams.get("scope")).toBe("read_orders,read_customers");
    expect(url.searchParams.get("redirect_uri")).toBe("https://latent.example/api/integrations/shopify/callback");
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("reaches the integration routes through the spec's double slash too", async () => {
    const lab = await newLab();
    const res = await s.api(`/api/integrations//shopify?shop_url=${SHOP}`, { token: lab.token });
    expect(res.status).toBe(200);
    expect(res.body.url).toContain(`https://${SHOP}/admin/oauth/authorize`);
  });

  it("refuses a callback with a state it never issued, for another shop, or without Shopify's valid hmac, and stores nothing", async () => {
    const lab = await newLab();
    const failed = { status: 302, location: "https://latent.example/u/lab/lintegrations?shopify=failed" };
    const timestamp = String(Math.floor(Date.now() / 1000));
    expect(await callback(shopifyRedirect({ code: shopify.issueCode(), shop: SHOP, state: "never-issued", timestamp }))).toEqual(failed);
    const otherShop = await installState(lab.token);
    expect(
      await callback(shopifyRedirect({ code: shopify.issueCode(), shop: "other.myshopify.com", state: otherShop, timestamp })),
    ).toEqual(failed);
    const state = await installState(lab.token);
    const forged = shopifyRedirect({ code: shopify.issueCode(), shop: SHOP, state, timestamp }, "not-the-app-secret");
    expect(await callback(forged)).toEqual(failed);
    expect(await callback(`code=x&shop=${SHOP}&state=${state}&timestamp=${timestamp}`)).toEqual(failed);
    expect((await integrationsRow(lab.sub))?.shopify_token_sealed ?? null).toBeNull();
    expect((await s.api("/api/integrations", { token: lab.token })).body.shopify).toEqual({
      available: true,
      connected: false,
      shop: null,
    });
  });

  it("connects the shop on Shopify's signed callback, keeping its access token only sealed, and uses a state once", async () => {
    const lab = await newLab();
    const state = await installState(lab.token);
    const query = shopifyRedirect({ code: shopify.issueCode(), shop: SHOP, state, timestamp: String(Math.floor(Date.now() / 1000)) });
    expect(await callback(query)).toEqual({ status: 302, location: "https://latent.example/u/lab/lintegrations?shopify=connected" });
    const exchange = shopify.requests.filter((r) => r.path === "/admin/oauth/access_token").at(-1);
    expect(exchange?.body).toMatchObject({ client_id: SHOPIFY.clientId, client_secret: SHOPIFY.clientSecret });

    const row = await integrationsRow(lab.sub);
    expect(row?.shopify_shop).toBe(SHOP);
    expect(row?.shopify_token_sealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(shopify.accessToken);
    const listed = await s.api("/api/integrations", { token: lab.token });
    expect(listed.body.shopify).toEqual({ available: true, connected: true, shop: SHOP });
    expect(JSON.stringify(listed.body)).not.toContain(shopify.accessToken);

    expect((await callback(query)).location).toBe("https://latent.example/u/lab/lintegrations?shopify=failed");
  });

  it("refuses a callback that repeats a parameter with 400, and never exchanges a code the hmac did not cover", async () => {
    const lab = await newLab();
    const state = await installState(lab.token);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signedQuery = shopifyRedirect({ code: shopify.issueCode(), shop: SHOP, state, timestamp });
    const exchanges = () => shopify.requests.filter((r) => r.path === "/admin/oauth/access_token").length;
    const before = exchanges();
    for (const query of [
      `code=${shopify.issueCode()}&${signedQuery}`,
      `${signedQuery}&code=${shopify.issueCode()}`,
      `${signedQuery}&shop=${SHOP}`,
    ]) {
      const res = await s.api(`/api/integrations/shopify/callback?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe("bad-request");
      expect(res.body.message).toMatch(/^The query parameter "(code|shop)" is repeated/);
    }
    expect(exchanges()).toBe(before);
    expect((await integrationsRow(lab.sub))?.shopify_token_sealed ?? null).toBeNull();
    // The state was not spent: Shopify's own redirect still connects.
    expect((await callback(signedQuery)).location).toBe("https://latent.example/u/lab/lintegrations?shopify=connected");
  });

  it("gives each lab its own order when the same store order reaches two labs", async () => {
    const [first, second] = [await newLab(), await newLab()];
    for (const lab of [first, second]) {
      await connectShopify(lab.token);
      expect((await s.api("/api/integrations/shopify/import/orders?num_of_orders=2", { token: lab.token })).body).toEqual({
        imported: 2,
        skipped: 0,
      });
      const { secret } = (await s.api("/api/integrations/secret", { method: "POST", token: lab.token })).body;
      const body = JSON.stringify(wooOrder(4242));
      expect((await webhook(lab.sub, body, orderHeaders(signed(body, secret)))).status).toBe(200);
    }
    for (const source of ["shopify", "woocommerce"] as const) {
      const mine = await ordersOf(first.sub, source);
      const theirs = await ordersOf(second.sub, source);
      expect(mine.map((o) => o.external_id)).toEqual(theirs.map((o) => o.external_id));
      expect(mine).toHaveLength(source === "shopify" ? 2 : 1);
      expect(mine.map((o) => o.id).filter((id) => theirs.some((t) => t.id === id))).toEqual([]);
      for (const o of theirs) expect((await s.api(`/api/orders/${o.id}`, { token: second.token })).status).toBe(200);
    }
  });

  it("does not make again a store order the lab deleted, however often the store sends it", async () => {
    const lab = await newLab();
    const { secret } = (await s.api("/api/integrations/secret", { method: "POST", token: lab.token })).body;
    const body = JSON.stringify(wooOrder(731));
    expect((await webhook(lab.sub, body, orderHeaders(signed(body, secret)))).status).toBe(200);
    const [woo] = await ordersOf(lab.sub, "woocommerce");
    expect((await s.api(`/api/orders/${woo!.id}`, { method: "DELETE", token: lab.token })).status).toBe(204);
    for (let i = 0; i < 2; i++) expect((await webhook(lab.sub, body, orderHeaders(signed(body, secret)))).status).toBe(200);
    expect(await ordersOf(lab.sub, "woocommerce")).toEqual([]);

    await connectShopify(lab.token);
    expect((await s.api("/api/integrations/shopify/import/orders?num_of_orders=2", { token: lab.token })).body.imported).toBe(2);
    const [deleted, kept] = await ordersOf(lab.sub, "shopify");
    expect((await s.api(`/api/orders/${deleted!.id}`, { method: "DELETE", token: lab.token })).status).toBe(204);
    expect((await s.api("/api/integrations/shopify/import/orders?num_of_orders=2", { token: lab.token })).body).toEqual({
      imported: 0,
      skipped: 2,
    });
    expect((await ordersOf(lab.sub, "shopify")).map((o) => o.id)).toEqual([kept!.id]);
    // Another lab's order with the same store id is its own, and still made.
    const other = await newLab();
    const { secret: theirs } = (await s.api("/api/integrations/secret", { method: "POST", token: other.token })).body;
    expect((await webhook(other.sub, body, orderHeaders(signed(body, theirs)))).status).toBe(200);
    expect(await ordersOf(other.sub, "woocommerce")).toHaveLength(1);
  });

  it("imports the shop's newest orders as lab orders, each only once however often the import runs", async () => {
    const lab = await newLab();
    const before = await s.api("/api/integrations/shopify/import/orders?num_of_orders=5", { token: lab.token });
    expect(before.status).toBe(409);
    expect(before.body.error).toBe("store-not-connected");
    await connectShopify(lab.token);

    const first = await s.api("/api/integrations/shopify/import/orders?num_of_orders=5", { token: lab.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ imported: 5, skipped: 0 });
    const query = shopify.requests.filter((r) => r.path === "/admin/api/2025-07/graphql.json").at(-1);
    expect(query?.headers["x-shopify-access-token"]).toBe(shopify.accessToken);
    expect(query?.body).toMatchObject({ variables: { first: 5 } });

    expect((await s.api("/api/integrations/shopify/import/orders?num_of_orders=5", { token: lab.token })).body).toEqual({
      imported: 0,
      skipped: 5,
    });
    const orders = await ordersOf(lab.sub, "shopify");
    expect(orders.map((o) => o.reference)).toEqual(["#1003", "#1004", "#1005", "#1006", "#1007"]);
    expect(orders.find((o) => o.reference === "#1007")).toMatchObject({
      user_name: "Ana Shopper 7",
      user_email: "customer7@example.com",
      user_phone: "+34600000006",
      external_id: "gid://shopify/Order/5000006",
    });

    // The oldest order has no customer account: its email names the customer.
    expect((await s.api("/api/integrations/shopify/import/orders?num_of_orders=7", { token: lab.token })).body).toEqual({
      imported: 2,
      skipped: 5,
    });
    const all = await ordersOf(lab.sub, "shopify");
    expect(all).toHaveLength(7);
    expect(all.find((o) => o.reference === "#1001")).toMatchObject({
      user_name: "customer1@example.com",
      user_email: "customer1@example.com",
    });
  });

  it("refuses an import of fewer than 1 or more than 250 orders with a clear message", async () => {
    const lab = await newLab();
    for (const n of ["0", "10000", "2.5", "many"]) {
      const res = await s.api(`/api/integrations/shopify/import/orders?num_of_orders=${n}`, { token: lab.token });
      expect(res.status, n).toBe(400);
      expect(res.body).toMatchObject({ error: "bad-request", message: "num_of_orders: must be a whole number from 1 to 250" });
    }
  });

  it("starts WooCommerce's key authorization with a code and the store's authorization page", async () => {
    const lab = await newLab();
    const res = await s.api(`/api/integrations/woocommerce/auth?store_id=${encodeURIComponent("https://shop.example.com/")}`, {
      method: "POST",
      token: lab.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const url = new URL(res.body.url);
    expect(`${url.origin}${url.pathname}`).toBe("https://shop.example.com/wc-auth/v1/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_name: "Latent",
      scope: "read",
      user_id: res.body.code,
      return_url: "https://latent.example/u/lab/lintegrations",
      callback_url: "https://latent.example/api/integrations/woocommerce/callback",
    });
    for (const store of ["http://shop.example.com", "not a url", "ftp://shop.example.com"]) {
      const bad = await s.api(`/api/integrations/woocommerce/auth?store_id=${encodeURIComponent(store)}`, {
        method: "POST",
        token: lab.token,
      });
      expect(bad.status, store).toBe(400);
      expect(bad.body.error).toBe("bad-request");
    }
  });

  it("keeps WooCommerce's keys sealed from its callback, accepts each code once, and forgets them on disconnect", async () => {
    const lab = await newLab();
    const auth = await s.api("/api/integrations/woocommerce/auth?store_id=https://shop.example.com", { method: "POST", token: lab.token });
    const keys = {
      key_id: 7,
      user_id: auth.body.code,
      consumer_key: "ck_0123456789abcdef0123456789abcdef01234567",
      consumer_secret: "cs_0123456789abcdef0123456789abcdef01234567",
      key_permissions: "read",
    };
    expect((await s.api("/api/integrations/woocommerce/callback", { method: "POST", body: { ...keys, user_id: "unknown" } })).status).toBe(
      400,
    );
    expect((await s.api("/api/integrations/woocommerce/callback", { method: "POST", body: keys })).status).toBe(200);
    expect((await s.api("/api/integrations/woocommerce/callback", { method: "POST", body: keys })).status).toBe(400);

    const row = await integrationsRow(lab.sub);
    expect(row?.woocommerce_store_url).toBe("https://shop.example.com");
    expect(JSON.stringify(row)).not.toContain(keys.consumer_key);
    expect(JSON.stringify(row)).not.toContain(keys.consumer_secret);
    const state = await s.api("/api/integrations", { token: lab.token });
    expect(state.body.woocommerce).toEqual({ connected: true, store_url: "https://shop.example.com" });
    expect(JSON.stringify(state.body)).not.toContain("ck_");

    const off = await s.api("/api/integrations/woocommerce/auth/disconnect", { method: "POST", token: lab.token });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ code: "disconnected" });
    expect((await s.api("/api/integrations", { token: lab.token })).body.woocommerce).toEqual({ connected: false, store_url: null });
    expect(await integrationsRow(lab.sub)).toMatchObject({ woocommerce_key_sealed: null, woocommerce_secret_sealed: null });
  });

  it("makes one lab order of a WooCommerce order webhook delivered five times", async () => {
    const lab = await newLab();
    const { secret } = (await s.api("/api/integrations/secret", { method: "POST", token: lab.token })).body;
    const body = JSON.stringify(wooOrder(727));
    for (let i = 0; i < 5; i++) {
      const res = await webhook(lab.sub, body, orderHeaders(signed(body, secret)));
      expect(res.status).toBe(200);
    }
    const orders = await ordersOf(lab.sub, "woocommerce");
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      reference: "#727",
      user_name: "Joan Miró",
      user_email: "joan.miro@example.com",
      user_phone: "+34 600 111 222",
      external_id: "727",
    });
  });

  it("refuses a webhook with a bad or missing signature and creates nothing, and acknowledges WooCommerce's ping", async () => {
    const lab = await newLab();
    const { secret } = (await s.api("/api/integrations/secret", { method: "POST", token: lab.token })).body;
    const body = JSON.stringify(wooOrder(728));
    for (const signature of [signed(body, "another-secret"), signed(`${body} `, secret), "", "not base64!"]) {
      const res = await webhook(lab.sub, body, orderHeaders(signature));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("webhook-signature-invalid");
    }
    const unknownLab = await webhook(randomUUID(), body, orderHeaders(signed(body, secret)));
    expect(unknownLab.status).toBe(400);
    expect(await ordersOf(lab.sub, "woocommerce")).toHaveLength(0);

    const ping = await webhook(lab.sub, "webhook_id=12", { "content-type": "application/x-www-form-urlencoded" });
    expect(ping.status).toBe(200);
    expect(await ordersOf(lab.sub, "woocommerce")).toHaveLength(0);
  });

  it("takes a Shopify install state until its tenth minute ends and a WooCommerce code until its thirtieth", async () => {
    const start = new Date("2026-03-01T10:00:00.000Z");
    let clock = start;
    const integrations = createIntegrationsService({
      db: s.latent.db,
      orders: s.latent.services.orders,
      box: createSecretBox("integration tests' secret", "integrations.credentials"),
      shopify: {
        config: { ...SHOPIFY, apiUrl: shopify.url },
        admin: createShopifyAdmin({ ...SHOPIFY, apiUrl: shopify.url }),
      },
      publicUrl: "https://latent.example",
      returnPath: "/u/lab/lintegrations",
      log: { warn: () => {}, info: () => {} } as never,
      now: () => clock,
    });
    const shopifyAt = async (ms: number) => {
      const lab = await newLab();
      clock = start;
      const state = new URL((await integrations.shopifyInstallUrl(lab.sub, SHOP)).url).searchParams.get("state")!;
      clock = new Date(start.getTime() + ms);
      const query = shopifyRedirect({ code: shopify.issueCode(), shop: SHOP, state, timestamp: "1772359200" });
      return new URL(await integrations.shopifyCallback(query)).searchParams.get("shopify");
    };
    expect(await shopifyAt(10 * 60_000 - 1)).toBe("connected");
    expect(await shopifyAt(10 * 60_000)).toBe("failed");

    const wooAt = async (ms: number) => {
      const lab = await newLab();
      clock = start;
      const { code } = await integrations.wooAuth(lab.sub, "https://shop.example.com");
      clock = new Date(start.getTime() + ms);
      const keys = { user_id: code, consumer_key: "ck_test", consumer_secret: "cs_test" };
      return integrations.wooCallback(keys).then(
        () => "connected",
        (err: { code?: string }) => err.code,
      );
    };
    expect(await wooAt(30 * 60_000 - 1)).toBe("connected");
    expect(await wooAt(30 * 60_000)).toBe("bad-request");
  });

  it("answers a photographer 403 and an anonymous caller 401 on every lab integration route", async () => {
    const photographer = await s.token();
    const routes: [string, string][] = [
      ["GET", "/api/integrations"],
      ["POST", "/api/integrations/secret"],
      ["GET", `/api/integrations/shopify?shop_url=${SHOP}`],
      ["GET", "/api/integrations/shopify/import/orders?num_of_orders=5"],
      ["POST", "/api/integrations/woocommerce/auth?store_id=https://shop.example.com"],
      ["POST", "/api/integrations/woocommerce/auth/disconnect"],
    ];
    for (const [method, path] of routes) {
      const asPhotographer = await s.api(path, { method, token: photographer });
      expect(asPhotographer.status, `${method} ${path}`).toBe(403);
      expect(asPhotographer.body.error).toBe("forbidden");
      expect((await s.api(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe.each(DATABASES)("Shopify without the operator's app on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("tells the lab's screen that Shopify cannot be connected here", async () => {
    const token = await s.token({ role: "lab" });
    expect((await s.api("/api/integrations", { token })).body.shopify).toEqual({ available: false, connected: false, shop: null });
  });

  it("answers 409 store-not-connected, saying the operator has not configured Shopify", async () => {
    const token = await s.token({ role: "lab" });
    for (const path of [`/api/integrations/shopify?shop_url=${SHOP}`, "/api/integrations/shopify/import/orders?num_of_orders=5"]) {
      const res = await s.api(path, { token });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: "store-not-connected", message: expect.stringMatching(/operator/) });
    }
  });
});
