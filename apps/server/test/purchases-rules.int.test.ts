import { randomUUID } from "node:crypto";
import { PLANS } from "@latent/domain/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxWebhookSecret } from "../src/platform/payments/sandbox-provider.ts";
import { signWebhook } from "../src/platform/payments/webhook-signature.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * Issue 25: the purchase rules' edges that purchases.int.test.ts leaves open: how a provider's subscription is read
 * (plan, owner, status, price, period end, source), which failed invoice ends a plan, and who may read a checkout.
 */
const SECRET_KEY = "purchases-rules-secret-0123456789abcdef";
const CARD = { card: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

describe.each(DATABASES)("purchase rules on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY });
  });
  afterAll(async () => s?.close());

  const photographer = async () => {
    const sub = randomUUID();
    const email = `${sub}@example.com`;
    const token = await s.token({ sub, email });
    // The account exists from its first call, as a signed-in photographer's does before paying.
    expect((await s.api("/api/user", { token })).status).toBe(200);
    return { sub, email, token };
  };
  const deliver = (type: string, object: object, created = Math.floor(Date.now() / 1000)) => {
    const event = { id: `evt_${randomUUID()}`, object: "event", type, created, data: { object } };
    const body = JSON.stringify(event);
    return s.api("/api/purchases/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signWebhook(body, sandboxWebhookSecret(SECRET_KEY), created) },
      body: event,
    });
  };
  /** A provider subscription object; `price` and `metadata` replace the defaults when given. */
  const subscription = (fields: {
    userId?: string;
    customer?: string;
    plan?: string;
    status?: string;
    price?: object;
    metadata?: object;
    periodEnd?: number | null;
    itemPeriodEnd?: number;
  }) => ({
    id: `sub_${randomUUID()}`,
    object: "subscription",
    customer: fields.customer ?? "cus_elsewhere",
    status: fields.status ?? "active",
    cancel_at_period_end: false,
    current_period_end: fields.periodEnd === undefined ? Math.floor(Date.now() / 1000) + 30 * 86_400 : fields.periodEnd,
    metadata: fields.metadata ?? { user_id: fields.userId, plan: fields.plan ?? "artist", source: "web" },
    items: {
      data: [
        {
          ...(fields.itemPeriodEnd ? { current_period_end: fields.itemPeriodEnd } : {}),
          price: fields.price ?? { unit_amount: 999, currency: "eur", metadata: { plan: fields.plan ?? "artist" } },
        },
      ],
    },
  });
  const mine = (token: string) => s.api("/api/purchases/my-subscriptions", { token });
  const planOf = async (token: string) => (await s.api("/api/user", { token })).body.plan;
  const checkout = (token: string, items: object[]) =>
    s.api("/api/purchases/checkout", { method: "POST", token, body: { mode: "subscription", items, currency: "eur" } });

  it("shows the provider's statuses as the four the product knows, and gives the plan only while one is live", async () => {
    const expected: [string, string, boolean][] = [
      ["active", "active", true],
      ["trialing", "active", true],
      ["past_due", "past_due", true],
      ["unpaid", "canceled", false],
      ["incomplete_expired", "canceled", false],
      ["paused", "canceled", false],
      ["incomplete", "incomplete", false],
      ["something_new", "incomplete", false],
    ];
    for (const [provider, shown, live] of expected) {
      const me = await photographer();
      expect((await deliver("customer.subscription.updated", subscription({ userId: me.sub, status: provider }))).status).toBe(200);
      expect((await mine(me.token)).body[0].status, provider).toBe(shown);
      expect(await planOf(me.token), provider).toBe(live ? "artist" : "free");
    }
  });

  it("reads the plan from the price, else the subscription, else the price's lookup key, and ignores a plan it does not sell", async () => {
    const cases: [object, object, string | null][] = [
      [{ unit_amount: 999, currency: "eur", metadata: { plan: "unlimited" } }, { plan: "artist" }, "unlimited"],
      [{ unit_amount: 999, currency: "eur" }, { plan: "unlimited" }, "unlimited"],
      [{ unit_amount: 999, currency: "eur", lookup_key: "unlimited_monthly_eur" }, {}, "unlimited"],
      [{ unit_amount: 0, currency: "eur", metadata: { plan: "free" } }, {}, null],
      [{ unit_amount: 999, currency: "eur", lookup_key: "platinum_monthly" }, {}, null],
    ];
    for (const [price, metadata, plan] of cases) {
      const me = await photographer();
      await deliver("customer.subscription.created", subscription({ price, metadata: { user_id: me.sub, ...metadata } }));
      const res = await mine(me.token);
      if (plan === null) expect(res.status, JSON.stringify(price)).toBe(404);
      else expect(res.body[0].plan, JSON.stringify(price)).toBe(plan);
    }
  });

  it("finds the subscription's owner by the provider's customer when its metadata names none, and no one for an unknown customer", async () => {
    const me = await photographer();
    expect((await checkout(me.token, [{ plan: "artist", quantity: 1 }])).status).toBe(200);
    const { provider_customer_id: customer } = await s.latent.db
      .selectFrom("customers")
      .select("provider_customer_id")
      .where("user_id", "=", me.sub)
      .executeTakeFirstOrThrow();
    const stranger = await photographer();
    expect(
      (await deliver("customer.subscription.created", subscription({ customer: "cus_nobody", metadata: { plan: "artist" } }))).status,
    ).toBe(200);
    expect((await mine(stranger.token)).status).toBe(404);
    await deliver("customer.subscription.created", subscription({ customer, metadata: { plan: "artist" } }));
    expect((await mine(me.token)).body[0]).toMatchObject({ plan: "artist", status: "active" });
    expect(await planOf(me.token)).toBe("artist");
  });

  it("takes the price from the plan when the provider sends none, the period end from the item, and the source from the metadata", async () => {
    const me = await photographer();
    const itemEnd = Math.floor(Date.now() / 1000) + 20 * 86_400;
    await deliver(
      "customer.subscription.created",
      subscription({
        price: { unit_amount: null, currency: "usd", metadata: { plan: "artist" } },
        metadata: { user_id: me.sub, source: "mobile" },
        periodEnd: null,
        itemPeriodEnd: itemEnd,
      }),
    );
    expect((await mine(me.token)).body[0]).toMatchObject({
      plan: "artist",
      currency: "usd",
      amount: PLANS.artist.monthlyMinor.usd,
      current_period_end: new Date(itemEnd * 1000).toISOString(),
      source: "mobile",
    });
    // A subscription from the mobile app blocks buying on the web.
    const refused = await checkout(me.token, [{ plan: "unlimited", quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("subscription-in-mobile-app");
  });

  it("ends a plan on the last failed attempt of a renewal only: not on a retry, a first invoice or an invoice of no subscription", async () => {
    const me = await photographer();
    expect((await checkout(me.token, [{ plan: "artist", quantity: 1 }])).status).toBe(200);
    const { provider_customer_id: customer } = await s.latent.db
      .selectFrom("customers")
      .select("provider_customer_id")
      .where("user_id", "=", me.sub)
      .executeTakeFirstOrThrow();
    const created = Math.floor(Date.now() / 1000) - 100;
    const sub = subscription({ userId: me.sub, customer });
    await deliver("customer.subscription.created", sub, created);
    const invoice = (fields: object) => ({
      id: `in_${randomUUID()}`,
      object: "invoice",
      customer,
      subscription: sub.id,
      currency: "eur",
      amount_due: 999,
      amount_paid: 0,
      billing_reason: "subscription_cycle",
      next_payment_attempt: null,
      ...fields,
    });
    for (const fields of [
      { next_payment_attempt: created + 3 * 86_400 },
      { billing_reason: "subscription_create" },
      { subscription: null },
    ]) {
      expect((await deliver("invoice.payment_failed", invoice(fields), created + 10)).status).toBe(200);
      expect(await planOf(me.token), JSON.stringify(fields)).toBe("artist");
    }
    const paid = await deliver("invoice.paid", invoice({ amount_paid: 999 }), created + 20);
    expect(paid.status).toBe(200);
    expect(await planOf(me.token)).toBe("artist");

    expect((await deliver("invoice.payment_failed", invoice({}), created + 30)).status).toBe(200);
    expect(await planOf(me.token)).toBe("free");
    expect((await mine(me.token)).body[0].status).toBe("canceled");
    const inactive = await s.api("/api/user", { token: me.token });
    expect(inactive.body.inactive_since ?? inactive.body.inactive).toBeTruthy();
  });

  it("refuses a plan checkout of two items, of a quantity other than one, or while a plan is live", async () => {
    const me = await photographer();
    const two = await checkout(me.token, [
      { plan: "artist", quantity: 1 },
      { plan: "unlimited", quantity: 1 },
    ]);
    expect(two.status).toBe(404);
    expect(two.body.error).toBe("no-subscriptions-found");
    const many = await checkout(me.token, [{ plan: "artist", quantity: 2 }]);
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ error: "bad-request", message: expect.stringMatching(/^items\.0\.quantity: /) });
    await deliver("customer.subscription.created", subscription({ userId: me.sub }));
    const again = await checkout(me.token, [{ plan: "unlimited", quantity: 1 }]);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("already-subscribed");
  });

  it("confirms a checkout only to its buyer once paid, and publicly only with its email in any capitals", async () => {
    const me = await photographer();
    const other = await photographer();
    const started = await checkout(me.token, [{ plan: "artist", quantity: 1 }]);
    const sessionId: string = started.body.session_id;
    const confirm = (token: string) => s.api(`/api/purchases/my-subscriptions/${sessionId}`, { method: "POST", token });
    expect((await confirm(me.token)).body.error).toBe("payment-not-completed");
    expect((await confirm(other.token)).body.error).toBe("no-subscriptions-found");
    const publicly = (email: string) => s.api(`/api/purchases/confirm/${sessionId}?email=${encodeURIComponent(email)}`);
    expect((await publicly(me.email.toUpperCase())).body).toMatchObject({
      session_id: sessionId,
      paid: false,
      mode: "subscription",
      plan: "artist",
    });
    expect((await publicly(other.email)).status).toBe(404);

    const paid = await fetch(`${s.base}${new URL(started.body.url).pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(CARD).toString(),
    });
    expect(paid.status).toBeLessThan(400);
    expect((await confirm(me.token)).body).toMatchObject({ plan: "artist", status: "active" });
    expect((await confirm(other.token)).status).toBe(404);
    expect((await publicly(me.email)).body).toMatchObject({ paid: true });
  });

  it("answers the portal 404 before any checkout, and a subscription event the provider sent malformed 400", async () => {
    const me = await photographer();
    const portal = await s.api("/api/purchases/portal", { method: "POST", token: me.token });
    expect(portal.status).toBe(404);
    expect(portal.body.error).toBe("no-subscriptions-found");
    const malformed = await deliver("customer.subscription.updated", {
      id: "sub_x",
      customer: "cus_x",
      status: "active",
      items: { data: [] },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe("bad-request");
  });

  it("refuses to reactivate an account that is not inactive", async () => {
    const me = await photographer();
    const res = await s.api("/api/user/reactivate", { method: "POST", token: me.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("account-not-inactive");
  });
});
