import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIntegrationsService } from "../src/features/labs/integrations/integrations.service.ts";
import { saveIntegrations } from "../src/features/labs/integrations/integrations.store.ts";
import { createShopifyAdmin, type ShopifyAdmin } from "../src/features/labs/integrations/shopify-admin.ts";
import { createSecretBox } from "../src/platform/crypto/secret-box.ts";
import { DATABASES, type TestServer } from "./harness.ts";
import { startIntegrationServer } from "./integration-fixtures.ts";

/**
 * Issue 25: the integration rules' edges that the main suite (integrations.int.test.ts) leaves open: which store
 * addresses a lab may connect, what a WooCommerce delivery that is not a new order does, how a store's customer
 * becomes a lab order, what the lab is told when Shopify refuses or cannot be reached, and what the operator's log
 * says of each failed connection or import (which lab, which store, why).
 */
const SHOPIFY = { clientId: "latent-shopify-app", clientSecret: "shpss_rules_client_secret" };
const SHOP = "darkroom-supplies.myshopify.com";

/** A WooCommerce order webhook body (REST API v3 shape, trimmed) with the given billing fields. */
const wooOrder = (id: number, billing: Record<string, string | null>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id, number: String(id), status: "processing", billing, ...extra });
const BILLING = { first_name: "Joan", last_name: "Miró", email: "joan.miro@example.com", phone: "+34 600 111 222" };

describe.each(DATABASES)("store integration rules on %s", (kind) => {
  let s: TestServer;
  let started: Awaited<ReturnType<typeof startIntegrationServer>>;
  beforeAll(async () => {
    started = await startIntegrationServer(kind, SHOPIFY, 2);
    ({ s } = started);
  });
  afterAll(async () => started?.close());

  const newLab = () => started.newLab();
  const wooOrders = (labId: string) =>
    s.latent.db.selectFrom("orders").selectAll().where("lab_id", "=", labId).where("source", "=", "woocommerce").execute();
  const signed = (body: string, secret: string) => createHmac("sha256", secret).update(body).digest("base64");
  const deliver = (labId: string, body: string, headers: Record<string, string>) =>
    fetch(`${s.base}/api/integrations/woocommerce/webhook/${labId}`, { method: "POST", body, headers });
  /** A lab with its integration secret, and a way to send it signed WooCommerce deliveries of a topic (none: no header). */
  const labWithSecret = async () => {
    const lab = await newLab();
    const { secret } = (await s.api("/api/integrations/secret", { method: "POST", token: lab.token })).body;
    const send = (body: string, topic: string | null = "order.created") =>
      deliver(lab.sub, body, {
        "content-type": "application/json",
        "x-wc-webhook-signature": signed(body, secret),
        ...(topic ? { "x-wc-webhook-topic": topic } : {}),
      });
    return { ...lab, secret, send };
  };
  const wooAuth = (token: string, store: string) =>
    s.api(`/api/integrations/woocommerce/auth?store_id=${encodeURIComponent(store)}`, { method: "POST", token });

  it("takes a plain-http WooCommerce store only on this machine, and never an address with credentials in it", async () => {
    const lab = await newLab();
    for (const store of ["http://localhost:8080", "http://127.0.0.1:8080", "http://127.10.0.2", "http://[::1]:8080"]) {
      const res = await wooAuth(lab.token, store);
      expect(res.status, store).toBe(200);
      expect(new URL(res.body.url).origin, store).toBe(new URL(store).origin);
    }
    for (const store of [
      "http://127.0.0.1.example.com",
      "http://localhost.example.com",
      "http://[::2]",
      "ftp://localhost/shop",
      "ws://127.0.0.1:8080",
      "https://admin:hunter2@shop.example.com",
      "https://admin@shop.example.com",
      "https://:hunter2@shop.example.com",
    ]) {
      const res = await wooAuth(lab.token, store);
      expect(res.status, store).toBe(400);
      expect(res.body).toMatchObject({ error: "bad-request", message: "store_id: must be an https:// address" });
    }
  });

  it("keeps each lab's integration secret sealed to that lab: one copied to another lab signs nothing for it", async () => {
    const owner = await labWithSecret();
    const other = await labWithSecret();
    const sealed = await s.latent.db
      .selectFrom("lab_integrations")
      .select("secret_sealed")
      .where("lab_id", "=", owner.sub)
      .executeTakeFirstOrThrow();
    await s.latent.db
      .updateTable("lab_integrations")
      .set({ secret_sealed: sealed.secret_sealed })
      .where("lab_id", "=", other.sub)
      .execute();
    const body = wooOrder(9001, BILLING);
    const res = await deliver(other.sub, body, {
      "content-type": "application/json",
      "x-wc-webhook-signature": signed(body, owner.secret),
      "x-wc-webhook-topic": "order.created",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "webhook-signature-invalid" });
    expect(await wooOrders(other.sub)).toEqual([]);
  });

  it("says what is wrong with a store address or a key callback, naming the field", async () => {
    const lab = await newLab();
    expect((await wooAuth(lab.token, "shop dot example")).body).toEqual({
      error: "bad-request",
      message: "store_id: must be the store's address (https://shop.example.com)",
      fields: { store_id: "not valid" },
    });
    expect((await wooAuth(lab.token, "ftp://shop.example.com")).body).toEqual({
      error: "bad-request",
      message: "store_id: must be an https:// address",
      fields: { store_id: "not valid" },
    });
    const callback = (body: unknown) => s.api("/api/integrations/woocommerce/callback", { method: "POST", body });
    expect((await callback({ consumer_key: "ck_x" })).body).toEqual({ error: "bad-request", message: "Not a WooCommerce key callback" });
    expect((await callback({ user_id: "never-issued", consumer_key: "ck_x", consumer_secret: "cs_x" })).body).toEqual({
      error: "bad-request",
      message: "Unknown, used or expired authorization",
    });
  });

  it("keeps a WooCommerce store's path, without its trailing slashes, as the store's address", async () => {
    const lab = await newLab();
    const res = await wooAuth(lab.token, "https://shop.example.com/tienda//");
    expect(new URL(res.body.url).pathname).toBe("/tienda/wc-auth/v1/authorize");
    const keys = { user_id: res.body.code, consumer_key: "ck_rules", consumer_secret: "cs_rules" };
    expect((await s.api("/api/integrations/woocommerce/callback", { method: "POST", body: keys })).status).toBe(200);
    expect((await s.api("/api/integrations", { token: lab.token })).body.woocommerce).toEqual({
      connected: true,
      store_url: "https://shop.example.com/tienda",
    });
  });

  it("acknowledges WooCommerce's unsigned JSON ping and makes nothing of it", async () => {
    const lab = await newLab();
    for (const ping of ['{"webhook_id":"12"}', '{ "webhook_id": 12 }']) {
      const res = await deliver(lab.sub, ping, { "content-type": "application/json" });
      expect(res.status, ping).toBe(200);
    }
    // Anything else unsigned is refused, even a body that mentions a webhook id.
    const notPing = await deliver(lab.sub, '{"webhook_id":12,"id":5}', { "content-type": "application/json" });
    expect(notPing.status).toBe(400);
    expect(await wooOrders(lab.sub)).toEqual([]);
  });

  it("acknowledges WooCommerce's ping with the blank around it, and refuses unsigned a body that merely holds one", async () => {
    const lab = await newLab();
    for (const [ping, type] of [
      ["webhook_id=12\r\n", "application/x-www-form-urlencoded"],
      [' {"webhook_id":"12"}\n', "application/json"],
    ]) {
      const res = await deliver(lab.sub, ping!, { "content-type": type! });
      expect(res.status, ping).toBe(200);
    }
    for (const [body, type] of [
      ["id=5&webhook_id=12", "application/x-www-form-urlencoded"],
      ["webhook_id=12&id=5", "application/x-www-form-urlencoded"],
      ['{"id":5}{"webhook_id":12}', "application/json"],
      ['{"webhook_id":12}{"id":5}', "application/json"],
    ]) {
      const res = await deliver(lab.sub, body!, { "content-type": type! });
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toMatchObject({ error: "webhook-signature-invalid" });
    }
    expect(await wooOrders(lab.sub)).toEqual([]);
  });

  it("names a parameter Shopify's redirect repeats in the 400, cut to its first 40 characters", async () => {
    const long = "x".repeat(60);
    for (const [query, name] of [
      ["code=a&shop=b&code=c", "code"],
      [`${long}=1&${long}=2`, long.slice(0, 40)],
    ]) {
      const res = await s.api(`/api/integrations/shopify/callback?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({
        error: "bad-request",
        message: `The query parameter "${name}" is repeated: Shopify's redirect names each once`,
        fields: { [name!]: "repeated" },
      });
    }
  });

  it("makes an order only of an order topic: a product event or a deleted order's delivery makes none", async () => {
    const lab = await labWithSecret();
    for (const topic of ["product.created", "customer.updated", "order.deleted", "coupon.order.created"]) {
      expect((await lab.send(wooOrder(900, BILLING), topic)).status, topic).toBe(200);
    }
    expect(await wooOrders(lab.sub)).toEqual([]);
    expect((await lab.send(wooOrder(901, BILLING), "order.updated")).status).toBe(200);
    // A delivery without a topic header is read as what its body is: an order.
    expect((await lab.send(wooOrder(902, BILLING), null)).status).toBe(200);
    expect((await wooOrders(lab.sub)).map((o) => o.external_id).sort()).toEqual(["901", "902"]);
  });

  it("refuses a signed delivery that is not JSON or not an order with 400 and makes nothing", async () => {
    const lab = await labWithSecret();
    const notJson = await lab.send("id=903&status=processing");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: "bad-request", message: "The webhook body is not JSON" });
    const notOrder = await lab.send(JSON.stringify({ name: "not an order", billing: BILLING }));
    expect(notOrder.status).toBe(400);
    expect(await notOrder.json()).toMatchObject({ error: "bad-request", message: "The webhook body is not a WooCommerce order" });
    expect(await wooOrders(lab.sub)).toEqual([]);
  });

  it("makes the store's customer the order's customer: the email names one without a name, a bad phone is left out", async () => {
    const lab = await labWithSecret();
    await lab.send(wooOrder(910, { ...BILLING, first_name: "", last_name: null, email: "  ana@example.com " }));
    await lab.send(wooOrder(911, { ...BILLING, phone: "call me maybe" }));
    await lab.send(wooOrder(912, { ...BILLING, first_name: "Maria", last_name: "" }));
    await lab.send(wooOrder(913, { ...BILLING, email: "" }));
    await lab.send(wooOrder(914, { ...BILLING, email: "not an address" }));
    await lab.send(JSON.stringify({ id: 915, billing: BILLING }));
    const byId = new Map((await wooOrders(lab.sub)).map((o) => [o.external_id, o]));
    expect([...byId.keys()].sort()).toEqual(["910", "911", "912", "915"]);
    expect(byId.get("910")).toMatchObject({ user_name: "ana@example.com", user_email: "ana@example.com", reference: "#910" });
    expect(byId.get("911")).toMatchObject({ user_name: "Joan Miró", user_email: "joan.miro@example.com", user_phone: "" });
    expect(byId.get("912")).toMatchObject({ user_name: "Maria", user_phone: "+34 600 111 222" });
    // Without an order number the store's id names it.
    expect(byId.get("915")?.reference).toBe("#915");
  });

  it("acknowledges an order it cannot make a customer of, and names by the email a customer whose name is blank", async () => {
    const lab = await labWithSecret();
    // No customer email, or no billing at all (a manual order in WooCommerce's admin): nothing to make, and nothing to retry.
    for (const body of [wooOrder(920, { ...BILLING, email: "" }), JSON.stringify({ id: 921, number: "921", billing: null })]) {
      expect((await lab.send(body)).status, body).toBe(200);
    }
    expect((await lab.send(wooOrder(922, { ...BILLING, first_name: "   ", last_name: "" }))).status).toBe(200);
    expect((await wooOrders(lab.sub)).map((o) => [o.external_id, o.user_name])).toEqual([["922", "joan.miro@example.com"]]);
  });

  it("refuses a delivery whose billing names the customer with something other than text, and makes nothing", async () => {
    const lab = await labWithSecret();
    for (const billing of [{ first_name: 42 }, { last_name: ["Miró"] }, { email: 7 }, { phone: 600111222 }]) {
      const body = JSON.stringify({ id: 930, number: "930", billing: { ...BILLING, ...billing } });
      const res = await lab.send(body);
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toMatchObject({ error: "bad-request", message: "The webhook body is not a WooCommerce order" });
    }
    expect(await wooOrders(lab.sub)).toEqual([]);
  });

  describe("through the service, with Shopify's answers set by the test and its log read back", () => {
    const box = createSecretBox("integration rules' secret", "integrations.credentials");
    /** What the service told the operator's log: level, fields, message. */
    type Logged = [level: "warn" | "info", fields: object, message: string];
    const recorder = (lines: Logged[]) => ({
      warn: (fields: object, message: string) => void lines.push(["warn", fields, message]),
      info: (fields: object, message: string) => void lines.push(["info", fields, message]),
    });
    const service = (
      fetchFn: typeof fetch,
      configured = true,
      log: Logged[] = [],
      admin: ShopifyAdmin = createShopifyAdmin({ ...SHOPIFY, apiUrl: "https://shop.test" }, fetchFn),
    ) =>
      createIntegrationsService({
        db: s.latent.db,
        orders: s.latent.services.orders,
        box,
        shopify: configured ? { config: { ...SHOPIFY, apiUrl: "https://shop.test" }, admin } : null,
        publicUrl: "https://latent.example",
        returnPath: "/u/lab/lintegrations",
        log: recorder(log) as never,
        now: () => new Date(),
      });
    /** Shopify's redirect query, signed with the app's secret as Shopify signs it. */
    const signedQuery = (params: Record<string, string>) => {
      const sorted = new URLSearchParams(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
      const hmac = createHmac("sha256", SHOPIFY.clientSecret).update(sorted.toString()).digest("hex");
      return `${sorted}&hmac=${hmac}`;
    };
    const FAILED = "https://latent.example/u/lab/lintegrations?shopify=failed";
    /** A lab whose shop is connected with a stored token (as the callback leaves it). */
    const connected = async () => {
      const lab = await newLab();
      await saveIntegrations(s.latent.db, lab.sub, {
        shopify_shop: SHOP,
        shopify_token_sealed: box.seal("shpat_stored", `${lab.sub}:shopify-token`),
        shopify_connected_at: new Date(),
      });
      return lab;
    };
    const answering =
      (status: number, body: unknown): typeof fetch =>
      async () =>
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
      );

    it("asks the lab to connect the shop again when Shopify refuses the stored access, and says unreachable otherwise", async () => {
      const lab = await connected();
      for (const status of [401, 403]) {
        expect(await codeOf(service(answering(status, { errors: "Invalid API key" })).importShopifyOrders(lab.sub, 5))).toBe(
          "store-not-connected: Shopify refused the stored access: connect the shop again",
        );
      }
      expect(await codeOf(service(answering(500, { errors: "oops" })).importShopifyOrders(lab.sub, 5))).toBe(
        "store-unreachable: The store could not be reached",
      );
      const down: typeof fetch = async () => {
        throw new TypeError("fetch failed");
      };
      expect(await codeOf(service(down).importShopifyOrders(lab.sub, 5))).toBe("store-unreachable: The store could not be reached");
      // Nothing of the shop's was made meanwhile.
      expect(await s.latent.db.selectFrom("orders").select("id").where("lab_id", "=", lab.sub).execute()).toEqual([]);
    });

    it("refuses an import before the shop is connected, and on a server without the Shopify app", async () => {
      const lab = await newLab();
      const ok = answering(200, { data: { orders: { nodes: [] } } });
      expect(await codeOf(service(ok).importShopifyOrders(lab.sub, 5))).toBe(
        "store-not-connected: Shopify is not connected: connect the shop first",
      );
      expect((await codeOf(service(ok, false).importShopifyOrders((await connected()).sub, 5))).split(":")[0]).toBe("store-not-connected");
    });

    it("skips a Shopify order without a customer email and counts it, and uses the order's own email and phone first", async () => {
      const lab = await connected();
      const nodes = [
        {
          id: "gid://shopify/Order/1",
          name: "#1001",
          email: "order@example.com",
          phone: "+34600000001",
          customer: { firstName: "Ana", lastName: "Shopper", email: "account@example.com", phone: "+34600000002" },
        },
        {
          id: "gid://shopify/Order/2",
          name: "#1002",
          email: null,
          phone: null,
          customer: { firstName: "Pau", lastName: null, email: "pau@example.com", phone: "+34600000003" },
        },
        { id: "gid://shopify/Order/3", name: "#1003", email: null, phone: null, customer: null },
      ];
      expect(await service(answering(200, { data: { orders: { nodes } } })).importShopifyOrders(lab.sub, 3)).toEqual({
        imported: 2,
        skipped: 1,
      });
      const made = await s.latent.db.selectFrom("orders").selectAll().where("lab_id", "=", lab.sub).orderBy("reference").execute();
      expect(made.map((o) => [o.reference, o.user_name, o.user_email, o.user_phone])).toEqual([
        ["#1001", "Ana Shopper", "order@example.com", "+34600000001"],
        ["#1002", "Pau", "pau@example.com", "+34600000003"],
      ]);
    });

    it("sends a callback on a server without the Shopify app, or without a code, to the failed page", async () => {
      const lab = await newLab();
      expect(await service(answering(200, {}), false).shopifyCallback(`shop=${SHOP}&state=x&code=y&hmac=z`)).toBe(FAILED);
      const exchange = answering(200, { access_token: "shpat_new", scope: "read_orders" });
      const withApp = service(exchange);
      const state = new URL((await withApp.shopifyInstallUrl(lab.sub, SHOP)).url).searchParams.get("state")!;
      expect(await withApp.shopifyCallback(signedQuery({ shop: SHOP, state, timestamp: "1772359200" }))).toBe(FAILED);
      expect(await withApp.shopifyCallback(signedQuery({ shop: SHOP, code: "c", timestamp: "1772359200" }))).toBe(FAILED);
      // The state was not spent by the incomplete callbacks; Shopify refusing the code fails it too.
      const refused = service(answering(400, { error: "invalid_request" }));
      expect(await refused.shopifyCallback(signedQuery({ shop: SHOP, state, code: "c", timestamp: "1772359200" }))).toBe(FAILED);
      expect((await s.api("/api/integrations", { token: lab.token })).body.shopify).toEqual({
        available: true,
        connected: false,
        shop: null,
      });
    });

    it("logs why each Shopify callback failed with the shop it named, and which lab connected which shop", async () => {
      const lab = await newLab();
      const log: Logged[] = [];
      const refused = service(answering(400, { error: "invalid_request" }), true, log);
      const accepted = service(answering(200, { access_token: "shpat_new", scope: "read_orders" }), true, log);
      const stateOf = async () => new URL((await refused.shopifyInstallUrl(lab.sub, SHOP)).url).searchParams.get("state")!;
      const timestamp = "1772359200";
      expect(await refused.shopifyCallback(`code=c&shop=${SHOP}&state=s&timestamp=${timestamp}&hmac=${"0".repeat(64)}`)).toBe(FAILED);
      expect(await refused.shopifyCallback(signedQuery({ shop: SHOP, state: "s", timestamp }))).toBe(FAILED);
      expect(await refused.shopifyCallback(signedQuery({ code: "c", shop: SHOP, state: "never-issued", timestamp }))).toBe(FAILED);
      expect(await refused.shopifyCallback(signedQuery({ code: "c", shop: SHOP, state: await stateOf(), timestamp }))).toBe(FAILED);
      const connectedPage = await accepted.shopifyCallback(signedQuery({ code: "c", shop: SHOP, state: await stateOf(), timestamp }));
      expect(connectedPage).toBe("https://latent.example/u/lab/lintegrations?shopify=connected");
      expect(log).toEqual([
        ["warn", { shop: SHOP }, "shopify callback refused: bad hmac"],
        ["warn", { shop: SHOP }, "shopify callback refused: shop, state or code missing"],
        ["warn", { shop: SHOP }, "shopify callback refused: unknown, used or expired state"],
        ["warn", { shop: SHOP, lab: lab.sub, reason: "Shopify answered 400" }, "shopify code exchange failed"],
        ["info", { shop: SHOP, lab: lab.sub }, "shopify connected"],
      ]);
    });

    it("logs why an import failed with the lab and its shop, and lets a fault of ours out as one, not as the shop's", async () => {
      const lab = await connected();
      const log: Logged[] = [];
      await expect(service(answering(401, { errors: "Invalid API key" }), true, log).importShopifyOrders(lab.sub, 5)).rejects.toThrow(
        "Shopify refused the stored access",
      );
      expect(log).toEqual([["warn", { shop: SHOP, lab: lab.sub, reason: "Shopify answered 401" }, "shopify orders import failed"]]);
      const ours = new RangeError("an order this code cannot read");
      const faulty: ShopifyAdmin = {
        ...createShopifyAdmin({ ...SHOPIFY, apiUrl: "https://shop.test" }),
        newestOrders: async () => {
          throw ours;
        },
      };
      // Not "store unreachable": the lab would be told to wait for a shop that is fine, and the fault never reported.
      await expect(service(answering(200, {}), true, log, faulty).importShopifyOrders(lab.sub, 5)).rejects.toBe(ours);
      expect(log).toHaveLength(1);
    });

    it("keeps a WooCommerce store's keys sealed to the lab and field they belong to, and logs which lab connected which store", async () => {
      const lab = await newLab();
      const log: Logged[] = [];
      const woo = service(answering(200, {}), true, log);
      const { code } = await woo.wooAuth(lab.sub, "https://shop.example.com/");
      await woo.wooCallback({ user_id: code, consumer_key: "ck_rules_key", consumer_secret: "cs_rules_secret" });
      const row = await s.latent.db.selectFrom("lab_integrations").selectAll().where("lab_id", "=", lab.sub).executeTakeFirstOrThrow();
      expect(box.open(row.woocommerce_key_sealed!, `${lab.sub}:woocommerce-key`)).toBe("ck_rules_key");
      expect(box.open(row.woocommerce_secret_sealed!, `${lab.sub}:woocommerce-secret`)).toBe("cs_rules_secret");
      expect(() => box.open(row.woocommerce_key_sealed!, `${lab.sub}:woocommerce-secret`)).toThrow();
      expect(log).toEqual([["info", { lab: lab.sub, store: "https://shop.example.com" }, "woocommerce connected"]]);
    });

    it("logs a WooCommerce order left out for want of a customer email, with its lab and store id", async () => {
      const lab = await newLab();
      const log: Logged[] = [];
      const woo = service(answering(200, {}), true, log);
      const { secret } = await woo.regenerateSecret(lab.sub);
      const body = wooOrder(940, { ...BILLING, email: null });
      await woo.wooWebhook(lab.sub, Buffer.from(body), signed(body, secret), "order.created");
      expect(log).toEqual([["info", { lab: lab.sub, order: "940" }, "woocommerce order without a customer email: not imported"]]);
      expect(await wooOrders(lab.sub)).toEqual([]);
    });
  });
});
