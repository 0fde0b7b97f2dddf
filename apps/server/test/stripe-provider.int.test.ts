import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeProvider, firstInvoiceCouponId } from "../src/platform/payments/stripe-provider.ts";
import { type FakeStripe, startFakeStripe } from "./fake-stripe.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { confirmedSubscriber } from "./newsletter-fixtures.ts";

const WEBHOOK_SECRET = "whsec_fake_stripe_test_secret";

describe.each(DATABASES)("paying for a plan through Stripe (a fake of its API on loopback) on %s", (kind) => {
  let fake: FakeStripe;
  let s: TestServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await startServer(kind, {
      STRIPE_SECRET_KEY: "sk_test_fake_key",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.stop();
  });

  const photographer = async (email = `${randomUUID()}@example.com`) => {
    const sub = randomUUID();
    return { sub, email, token: await s.token({ sub, email }) };
  };
  const plan = async (token: string) => (await s.api("/api/user", { token })).body.plan;
  const checkout = async (token: string, planId = "artist", currency = "eur") => {
    const res = await s.api("/api/purchases/checkout", {
      method: "POST",
      token,
      body: { mode: "subscription", items: [{ plan: planId, quantity: 1 }], currency },
    });
    expect(res.status).toBe(200);
    return res.body as { url: string; session_id: string };
  };
  const sessionRequest = (sessionId: string) => {
    const index = fake.calls("POST", "/v1/checkout/sessions").length - 1;
    const request = fake.calls("POST", "/v1/checkout/sessions")[index]!;
    expect(fake.objects.get(sessionId)).toBeDefined();
    return request.params as Record<string, never>;
  };

  let eventCount = 0;
  const event = (type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000) + eventCount) => ({
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    type,
    created: created + eventCount++,
    livemode: false,
    data: { object },
  });
  /** Posts an event signed by the SDK's own test helper, as Stripe signs its deliveries. */
  const deliver = (evt: object, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) => {
    const payload = JSON.stringify(evt);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return fetch(`${s.base}/api/purchases/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
  };
  /** Pays the checkout in the fake and delivers Stripe's events in its order; answers the subscription object. */
  const pay = async (sessionId: string) => {
    const paid = fake.complete(sessionId);
    for (const evt of [
      event("checkout.session.completed", paid.session),
      event("customer.subscription.created", paid.subscription),
      event("invoice.paid", paid.invoice),
    ]) {
      expect((await deliver(evt)).status).toBe(200);
    }
    return paid;
  };

  it("starts a Stripe Checkout Session for artist in euros with the plan's price, found or created by lookup key", async () => {
    const me = await photographer();
    const session = await checkout(me.token);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.session_id}`);

    const customer = fake.calls("POST", "/v1/customers").at(-1)!;
    expect(customer.params).toMatchObject({ email: me.email, metadata: { user_id: me.sub } });
    expect(customer.authorization).toBe("Bearer sk_test_fake_key");
    expect(fake.calls("GET", "/v1/prices")[0]!.params).toMatchObject({ lookup_keys: ["artist_monthly_eur"], active: "true" });
    const price = fake.calls("POST", "/v1/prices").find((r) => r.params.lookup_key === "artist_monthly_eur")!;
    expect(price.params).toMatchObject({
      currency: "eur",
      unit_amount: "499",
      recurring: { interval: "month" },
      metadata: { plan: "artist" },
    });

    const sent = sessionRequest(session.session_id);
    const priceId = [...fake.objects.values()].find((o) => o.object === "price" && o.lookup_key === "artist_monthly_eur")!.id;
    expect(sent).toMatchObject({
      mode: "subscription",
      client_reference_id: me.sub,
      line_items: [{ price: priceId, quantity: "1" }],
      success_url: `${s.latent.config.publicUrl}/u/shop?sessionId={CHECKOUT_SESSION_ID}`,
      cancel_url: `${s.latent.config.publicUrl}/u/shop`,
      subscription_data: { metadata: { user_id: me.sub, plan: "artist", source: "web" } },
    });
    expect(sent).not.toHaveProperty("discounts");

    // A second buyer reuses the price: it is looked up once and never created twice.
    const other = await photographer();
    await checkout(other.token);
    expect(fake.calls("POST", "/v1/prices").filter((r) => r.params.lookup_key === "artist_monthly_eur")).toHaveLength(1);
    expect(sessionRequest((await checkout((await photographer()).token)).session_id)).toMatchObject({ line_items: [{ price: priceId }] });
  });

  it("adds a once-only 20% coupon for a newsletter subscriber's first subscription", async () => {
    const me = await photographer();
    await confirmedSubscriber(s, me.email);
    const session = await checkout(me.token, "artist", "usd");
    const coupon = fake.objects.get(firstInvoiceCouponId(20));
    expect(coupon).toMatchObject({ object: "coupon", percent_off: 20, duration: "once" });
    expect(sessionRequest(session.session_id)).toMatchObject({ mode: "subscription", discounts: [{ coupon: coupon!.id }] });

    const paid = await pay(session.session_id);
    expect(paid.invoice.amount_paid).toBe(439);
    expect(await plan(me.token)).toBe("artist");
    const invoices = await s.latent.db.selectFrom("invoices").select(["amount", "subscription_id"]).where("user_id", "=", me.sub).execute();
    expect(invoices).toEqual([{ amount: 439, subscription_id: paid.subscription.id }]);
    const offers = await s.api("/api/purchases/subscriptions?currency=usd", { token: me.token });
    expect(offers.body[1].first_invoice_price).toBeUndefined();
  });

  it("sends the customer to Stripe's portal", async () => {
    const me = await photographer();
    expect((await s.api("/api/purchases/portal", { method: "POST", token: me.token })).status).toBe(404);
    await checkout(me.token);
    const portal = await s.api("/api/purchases/portal", { method: "POST", token: me.token });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${fake.url}/p/session/bps_`));
    expect(fake.calls("POST", "/v1/billing_portal/sessions").at(-1)!.params).toMatchObject({
      return_url: `${s.latent.config.publicUrl}/u/shop/subscriptions`,
    });
  });

  it("moves the plan with Stripe's signed events exactly as with the sandbox: paid, upgraded, cancelled", async () => {
    const me = await photographer();
    const session = await checkout(me.token);
    expect((await s.api(`/api/purchases/my-subscriptions/${session.session_id}`, { method: "POST", token: me.token })).status).toBe(422);
    expect(await plan(me.token)).toBe("free");

    const paid = await pay(session.session_id);
    const user = (await s.api("/api/user", { token: me.token })).body;
    expect([user.plan, user.max_films_capacity, user.max_gears_capacity]).toEqual(["artist", 60, 3]);
    const confirmed = await s.api(`/api/purchases/my-subscriptions/${session.session_id}`, { method: "POST", token: me.token });
    expect(confirmed.body).toMatchObject({ plan: "artist", status: "active", source: "web", currency: "eur", amount: 499 });

    // The portal's plan change: Stripe swaps the item's price and keeps the subscription's id.
    type Subscription = { items: { data: { price: Record<string, unknown> }[] }; metadata: Record<string, string> };
    const upgraded = structuredClone(paid.subscription) as Record<string, unknown> & Subscription;
    const item = upgraded.items.data[0]!;
    item.price = { ...item.price, lookup_key: "unlimited_monthly_eur", unit_amount: 999, metadata: { plan: "unlimited" } };
    upgraded.metadata.plan = "unlimited";
    expect((await deliver(event("customer.subscription.updated", upgraded))).status).toBe(200);
    expect(await plan(me.token)).toBe("unlimited");

    expect((await deliver(event("customer.subscription.updated", { ...upgraded, cancel_at_period_end: true }))).status).toBe(200);
    expect(await plan(me.token)).toBe("unlimited");
    expect((await deliver(event("customer.subscription.deleted", { ...upgraded, status: "canceled" }))).status).toBe(200);
    const after = (await s.api("/api/user", { token: me.token })).body;
    expect([after.plan, after.max_films_capacity]).toEqual(["free", 3]);
  });

  it("records a failed renewal with the subscription Stripe names under the invoice's parent", async () => {
    const me = await photographer();
    const session = await checkout(me.token);
    const paid = await pay(session.session_id);
    const failed = {
      ...paid.invoice,
      id: `in_${randomUUID().replaceAll("-", "")}`,
      status: "open",
      billing_reason: "subscription_cycle",
      amount_paid: 0,
      next_payment_attempt: Math.floor(Date.now() / 1000) + 3 * 86_400,
    };
    expect((await deliver(event("invoice.payment_failed", failed))).status).toBe(200);
    const row = await s.latent.db
      .selectFrom("invoices")
      .select(["status", "subscription_id"])
      .where("id", "=", failed.id)
      .executeTakeFirst();
    expect(row).toEqual({ status: "failed", subscription_id: paid.subscription.id });
    expect(await plan(me.token)).toBe("artist");
  });

  it("refuses a wrongly signed event with 400 and changes nothing", async () => {
    const me = await photographer();
    const session = await checkout(me.token);
    const paid = fake.complete(session.session_id);
    const forged = event("customer.subscription.created", paid.subscription);
    const res = await deliver(forged, "whsec_not_ours");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "webhook-signature-invalid",
      message: "The webhook signature is not valid",
      requestId: res.headers.get("x-request-id"),
    });
    const unsigned = await fetch(`${s.base}/api/purchases/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(forged),
    });
    expect(unsigned.status).toBe(400);
    const sixMinutesOld = await deliver(forged, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 360);
    expect(sixMinutesOld.status).toBe(400);
    expect(await plan(me.token)).toBe("free");
    expect(await s.latent.db.selectFrom("payment_events").select("id").where("id", "=", forged.id).execute()).toHaveLength(0);
  });

  it("applies the same event delivered 10 times once", async () => {
    const me = await photographer();
    const session = await checkout(me.token);
    const paid = fake.complete(session.session_id);
    expect((await deliver(event("checkout.session.completed", paid.session))).status).toBe(200);
    const created = event("customer.subscription.created", paid.subscription);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(created)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const invoice = event("invoice.paid", paid.invoice);
    for (let i = 0; i < 10; i++) expect((await deliver(invoice)).status).toBe(200);
    expect(await s.latent.db.selectFrom("payment_events").select("id").where("id", "in", [created.id, invoice.id]).execute()).toHaveLength(
      2,
    );
    expect(await s.latent.db.selectFrom("invoices").select("id").where("user_id", "=", me.sub).execute()).toHaveLength(1);
    expect(await plan(me.token)).toBe("artist");
    const mine = await s.api("/api/purchases/my-subscriptions", { token: me.token });
    expect(mine.body).toHaveLength(1);
  });

  it("closes a shipment's open Checkout Session when the bag changes, and refunds a payment of it that got through", async () => {
    const me = await photographer();
    await s.api("/api/user/privacy-policy", { method: "POST", token: me.token });
    const address = { line1: "Carrer de Mallorca 401", city: "Barcelona", postal_code: "08013", country: "ES" };
    expect((await s.api("/api/user", { method: "PUT", token: me.token, body: { shipping: address } })).status).toBe(200);
    const shipping = (items: object[]) => ({ items, currency: "eur" });
    const { body: ship } = await s.api("/api/shipping", {
      method: "POST",
      token: me.token,
      body: shipping([{ item_id: "pack-24", quantity: 1 }]),
    });
    const start = (quantity: number, rate: string) =>
      s.api("/api/purchases/checkout", {
        method: "POST",
        token: me.token,
        body: {
          mode: "payment",
          items: [{ price_id: "pack-24", quantity }],
          shipment_id: ship.id,
          rate,
          currency: "eur",
          return_path: `shop/shipment/${ship.id}`,
        },
      });
    const first = await start(1, ship.rates[0].id);
    expect(first.status).toBe(200);

    const grown = await s.api(`/api/shipping/${ship.id}`, {
      method: "PUT",
      token: me.token,
      body: shipping([{ item_id: "pack-24", quantity: 2 }]),
    });
    expect(grown.status).toBe(200);
    expect(fake.calls("POST", `/v1/checkout/sessions/${first.body.session_id}/expire`)).toHaveLength(1);
    expect(fake.objects.get(first.body.session_id)?.status).toBe("expired");

    const second = await start(2, grown.body.rates[0].id);
    expect(second.status).toBe(200);
    expect((await deliver(event("checkout.session.completed", fake.completePayment(second.body.session_id)))).status).toBe(200);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body).toMatchObject({ status: "paid", sticker_count: 48 });

    // Stripe took the first session's payment as it was closing: that one pack is given back, not sold.
    const late = fake.completePayment(first.body.session_id);
    expect((await deliver(event("checkout.session.completed", late))).status).toBe(200);
    expect(fake.calls("POST", "/v1/refunds").map((r) => r.params.payment_intent)).toEqual([late.payment_intent]);
    expect((await s.api(`/api/shipping/${ship.id}`, { token: me.token })).body).toMatchObject({
      status: "paid",
      sticker_count: 48,
      items: [{ item_id: "pack-24", quantity: 2 }],
    });
    expect((await s.api("/api/stickers", { token: me.token })).body).toHaveLength(48);
  });
});

describe("the Stripe adapter on its own", () => {
  let fake: FakeStripe;
  let stripe: ReturnType<typeof createStripeProvider>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const api = new URL(fake.url);
    stripe = createStripeProvider({
      secretKey: "sk_test_fake_key",
      webhookSecret: WEBHOOK_SECRET,
      api: { protocol: "http", host: api.hostname, port: Number(api.port) },
    });
  });
  afterAll(async () => fake?.stop());

  it("reuses the customer it created for a user instead of creating a second one", async () => {
    const first = await stripe.createCustomer({ userId: "user-1", email: "ansel@example.com" });
    expect(await stripe.createCustomer({ userId: "user-1", email: "ansel@example.com" })).toEqual(first);
    expect(await stripe.createCustomer({ userId: "user-2", email: "ansel@example.com" })).not.toEqual(first);
    expect(fake.calls("POST", "/v1/customers")).toHaveLength(2);
  });

  it("sells one-off lines in mode payment with inline prices and no coupon", async () => {
    const customer = await stripe.createCustomer({ userId: "user-3", email: null });
    const session = await stripe.createCheckout({
      mode: "payment",
      customerId: customer.id,
      email: null,
      userId: "user-3",
      currency: "usd",
      lines: [{ name: "Sticker pack", amount: 350, quantity: 2 }],
      firstInvoiceDiscountPercent: 20,
      successUrl: "http://localhost/u/shop?sessionId={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost/u/shop",
    });
    expect(session.url).toContain(session.id);
    const sent = fake.calls("POST", "/v1/checkout/sessions").at(-1)!.params;
    expect(sent).toMatchObject({
      mode: "payment",
      customer: customer.id,
      line_items: [{ price_data: { currency: "usd", unit_amount: "350", product_data: { name: "Sticker pack" } }, quantity: "2" }],
    });
    expect(sent).not.toHaveProperty("discounts");
    expect(sent).not.toHaveProperty("subscription_data");
  });

  it("answers Stripe's error when the API refuses a call", async () => {
    await expect(stripe.createPortalSession({ customerId: "cus_unknown", returnUrl: "http://localhost/" })).rejects.toThrow(
      /No such customer/,
    );
  });
});
