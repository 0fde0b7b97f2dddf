import { randomUUID } from "node:crypto";
import { PLANS } from "@latent/domain/plans";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxWebhookSecret } from "../src/platform/payments/sandbox-provider.ts";
import { signWebhook } from "../src/platform/payments/webhook-signature.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { confirmedSubscriber } from "./newsletter-fixtures.ts";

const SECRET_KEY = "purchases-test-secret-0123456789abcdef";
const WEBHOOK_SECRET = sandboxWebhookSecret(SECRET_KEY);
const CARDS = { success: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", authentication: "4000 0027 6000 3184" };

describe.each(DATABASES)("paying for a plan through the sandbox on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY });
  });
  afterAll(async () => s?.close());

  const photographer = async (email = `${randomUUID()}@example.com`) => {
    const sub = randomUUID();
    return { sub, email, token: await s.token({ sub, email }) };
  };
  const plan = async (token: string) => (await s.api("/api/user", { token })).body;
  /** A page of the sandbox, by the path of the address the API gave (the server's PUBLIC_URL is not the test port). */
  const page = (url: string, init: RequestInit = {}) => fetch(`${s.base}${new URL(url, s.base).pathname}`, { redirect: "manual", ...init });
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

  const startCheckout = async (token: string, planId = "artist", currency = "eur") => {
    const res = await s.api("/api/purchases/checkout", {
      method: "POST",
      token,
      body: { mode: "subscription", items: [{ plan: planId, quantity: 1 }], currency },
    });
    expect(res.status).toBe(200);
    return res.body as { url: string; session_id: string };
  };
  const pay = async (token: string, card = CARDS.success, planId = "artist") => {
    const checkout = await startCheckout(token, planId);
    const paid = await page(checkout.url, form({ card, expiry: "12/34", cvc: "123" }));
    return { checkout, paid };
  };
  const subscriptionOf = async (token: string) => (await s.api("/api/purchases/my-subscriptions", { token })).body[0];

  const deliver = (event: object, timestamp = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) => {
    const body = JSON.stringify(event);
    return s.api("/api/purchases/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signWebhook(body, secret, timestamp) },
      body: event,
    });
  };
  const subscriptionEvent = (
    type: string,
    created: number,
    sub: { id: string; userId: string; plan: string; status?: string; cancel?: boolean },
  ) => ({
    id: `evt_${randomUUID()}`,
    object: "event",
    type,
    created,
    data: {
      object: {
        id: sub.id,
        object: "subscription",
        customer: "cus_elsewhere",
        status: sub.status ?? "active",
        cancel_at_period_end: sub.cancel ?? false,
        current_period_end: created + 30 * 86_400,
        metadata: { user_id: sub.userId, plan: sub.plan, source: "web" },
        items: {
          data: [{ price: { unit_amount: PLANS[sub.plan as "artist"].monthlyMinor.eur, currency: "eur", metadata: { plan: sub.plan } } }],
        },
      },
    },
  });

  const paySandbox = (url: string) => page(url, form({ card: CARDS.success, expiry: "12/34", cvc: "123" }));
  /** The provider moved a checkout on by itself (here: reopened, as if closing it came after its payment). */
  const setAtProvider = (id: string, status: string) =>
    s.latent.db
      .updateTable("payment_sandbox_objects")
      .set({ data: sql`jsonb_set(data, '{status}', to_jsonb(${status}::text))` })
      .where("id", "=", id)
      .execute();

  it("takes a free photographer to artist with the success card: 60 rolls and 3 pieces of gear", async () => {
    const me = await photographer();
    expect((await plan(me.token)).max_films_capacity).toBe(PLANS.free.maxFilms);
    const checkout = await startCheckout(me.token);
    const shown = await page(checkout.url);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("Test mode: no money moves");
    expect(html).toContain("4242 4242 4242 4242");
    // Before paying, the return only polls: 422 until the webhook applied the payment.
    expect((await s.api(`/api/purchases/my-subscriptions/${checkout.session_id}`, { method: "POST", token: me.token })).status).toBe(422);

    const paid = await page(checkout.url, form({ card: CARDS.success, expiry: "12/34", cvc: "123" }));
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toContain(`/u/shop?sessionId=${checkout.session_id}`);

    const user = await plan(me.token);
    expect([user.plan, user.max_films_capacity, user.max_gears_capacity]).toEqual(["artist", 60, 3]);
    const confirmed = await s.api(`/api/purchases/my-subscriptions/${checkout.session_id}`, { method: "POST", token: me.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      plan: "artist",
      status: "active",
      source: "web",
      currency: "eur",
      amount: 499,
      cancel_at_period_end: false,
    });
    const pub = await s.api(`/api/purchases/confirm/${checkout.session_id}?email=${encodeURIComponent(me.email.toUpperCase())}`);
    expect(pub.body).toMatchObject({ paid: true, status: "complete", plan: "artist", amount_total: { amount: 499, currency: "eur" } });
    expect((await s.api(`/api/purchases/confirm/${checkout.session_id}?email=someone@example.com`)).status).toBe(404);
    // A second checkout while subscribed is refused: plan changes go through the portal.
    const again = await s.api("/api/purchases/checkout", {
      method: "POST",
      token: me.token,
      body: { mode: "subscription", items: [{ plan: "unlimited" }] },
    });
    expect([again.status, again.body.error]).toEqual([409, "already-subscribed"]);
  });

  it("says a declined card is declined and leaves the plan free", async () => {
    const me = await photographer();
    const { checkout, paid } = await pay(me.token, CARDS.declined);
    expect(paid.status).toBe(402);
    expect(await paid.text()).toContain("Your card was declined.");
    expect((await plan(me.token)).plan).toBe("free");
    expect((await s.api(`/api/purchases/my-subscriptions/${checkout.session_id}`, { method: "POST", token: me.token })).status).toBe(422);
    const none = await s.api("/api/purchases/my-subscriptions", { token: me.token });
    expect([none.status, none.body.message]).toEqual([404, "No subscriptions found"]);
  });

  it("mails the payer a receipt of a paid checkout, in the language its page was shown in, and none for a declined card", async () => {
    const mailsTo = (email: string) => s.latent.db.selectFrom("outbox").selectAll().where("to", "=", email).execute();
    const declined = await photographer();
    await pay(declined.token, CARDS.declined);
    expect(await mailsTo(declined.email)).toEqual([]);

    const me = await photographer();
    const checkout = await startCheckout(me.token);
    const paid = await fetch(`${s.base}${new URL(checkout.url).pathname}?lang=es-ES`, {
      redirect: "manual",
      ...form({ card: CARDS.success, expiry: "12/34", cvc: "123" }),
    });
    expect(paid.status).toBe(303);
    const [receipt, ...more] = await mailsTo(me.email);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe("Tu recibo de Latent");
    // Intl puts a no-break space before the euro sign.
    expect(receipt!.text).toMatch(/^Total pagado: 4,99\s€$/m);
    expect(receipt!.text).toContain(`Referencia: ${checkout.session_id}`);
    expect(receipt!.text).toMatch(/Tu plan se renueva cada mes por 4,99\s€/);
    expect(receipt!.text).toContain("Modo de prueba");
  });

  it("asks for a second confirmation with the authentication card and pays only once confirmed", async () => {
    const me = await photographer();
    const { checkout, paid } = await pay(me.token, CARDS.authentication);
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain("Confirm this payment");
    expect((await plan(me.token)).plan).toBe("free");
    const approved = await page(`${checkout.url}/authenticate`, form({ decision: "approve" }));
    expect(approved.status).toBe(303);
    expect((await plan(me.token)).plan).toBe("artist");
  });

  it("applies the same event delivered 10 times once", async () => {
    const me = await photographer();
    await pay(me.token);
    const sub = await subscriptionOf(me.token);
    const event = subscriptionEvent("customer.subscription.updated", Math.floor(Date.now() / 1000) + 5, {
      id: sub.id,
      userId: me.sub,
      plan: "unlimited",
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const stored = await s.latent.db.selectFrom("payment_events").select("id").where("id", "=", event.id).execute();
    expect(stored).toHaveLength(1);
    expect((await plan(me.token)).plan).toBe("unlimited");
  });

  it("keeps the newest state when two subscription updates arrive out of order", async () => {
    const me = await photographer();
    await pay(me.token);
    const sub = await subscriptionOf(me.token);
    const t = Math.floor(Date.now() / 1000);
    const newer = subscriptionEvent("customer.subscription.updated", t + 20, { id: sub.id, userId: me.sub, plan: "unlimited" });
    const older = subscriptionEvent("customer.subscription.updated", t + 10, {
      id: sub.id,
      userId: me.sub,
      plan: "artist",
      status: "canceled",
    });
    expect((await deliver(newer)).status).toBe(200);
    expect((await deliver(older)).status).toBe(200);
    expect(await subscriptionOf(me.token)).toMatchObject({ plan: "unlimited", status: "active" });
    expect((await plan(me.token)).plan).toBe("unlimited");
  });

  it("refuses an unsigned, wrongly signed or six-minute-old event and changes nothing", async () => {
    const me = await photographer();
    await pay(me.token);
    const sub = await subscriptionOf(me.token);
    const t = Math.floor(Date.now() / 1000);
    const deleted = subscriptionEvent("customer.subscription.deleted", t + 30, {
      id: sub.id,
      userId: me.sub,
      plan: "artist",
      status: "canceled",
    });
    const unsigned = await s.api("/api/purchases/webhook", { method: "POST", body: deleted });
    const wrong = await deliver(deleted, t, "whsec_not_ours");
    const old = await deliver(deleted, t - 360);
    for (const refused of [unsigned, wrong, old]) {
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: "webhook-signature-invalid", message: "The webhook signature is not valid" });
    }
    expect((await plan(me.token)).plan).toBe("artist");
    expect(await s.latent.db.selectFrom("payment_events").select("id").where("id", "=", deleted.id).execute()).toHaveLength(0);
  });

  it("refuses an event type it does not handle with a clear error and changes nothing", async () => {
    const me = await photographer();
    const res = await deliver({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "customer.tax_id.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "txi_1" } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "webhook-event-unknown" });
    expect((await plan(me.token)).plan).toBe("free");
  });

  it("keeps the plan after cancelling in the portal until the period ends, then falls back to free", async () => {
    const me = await photographer();
    expect((await s.api("/api/purchases/portal", { method: "POST", token: me.token })).status).toBe(404);
    await pay(me.token);
    const sub = await subscriptionOf(me.token);
    const portal = await s.api("/api/purchases/portal", { method: "POST", token: me.token });
    expect(portal.status).toBe(200);
    const portalPage = await page(portal.body.url);
    expect(await portalPage.text()).toContain("Cancel at the end of the period");

    expect((await page(portal.body.url, form({ action: "cancel", subscription: sub.id }))).status).toBe(303);
    expect(await subscriptionOf(me.token)).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect((await plan(me.token)).plan).toBe("artist");

    expect((await page(portal.body.url, form({ action: "end-period", subscription: sub.id }))).status).toBe(303);
    expect(await subscriptionOf(me.token)).toMatchObject({ status: "canceled" });
    const user = await plan(me.token);
    expect([user.plan, user.max_films_capacity, user.max_gears_capacity]).toEqual(["free", 3, 1]);
  });

  it("takes the newsletter's 20% off the first invoice only, and shows it before paying", async () => {
    const me = await photographer();
    await confirmedSubscriber(s, me.email);
    const offers = await s.api("/api/purchases/subscriptions?currency=eur", { token: me.token });
    expect(offers.body.map((o: { id: string }) => o.id)).toEqual(["free", "artist", "unlimited"]);
    expect(offers.body[1]).toMatchObject({
      price: { amount: 499, currency: "eur" },
      first_invoice_price: { amount: 399, currency: "eur" },
      discount_percent: 20,
    });

    const checkout = await startCheckout(me.token);
    const html = await (await page(checkout.url)).text();
    expect(html).toContain("20% off the first invoice");
    expect(html).toContain("€3.99");
    await page(checkout.url, form({ card: CARDS.success }));
    const portal = await s.api("/api/purchases/portal", { method: "POST", token: me.token });
    await page(portal.body.url, form({ action: "end-period", subscription: (await subscriptionOf(me.token)).id }));

    const invoices = await s.latent.db
      .selectFrom("invoices")
      .select(["amount", "status"])
      .where("user_id", "=", me.sub)
      .orderBy("created_at")
      .execute();
    expect(invoices.map((i) => i.amount).sort()).toEqual([399, 499]);
    const after = await s.api("/api/purchases/subscriptions?currency=eur", { token: me.token });
    expect(after.body[1].first_invoice_price).toBeUndefined();
  });

  it("shows the plans in dollars, cheapest first, and refuses other currencies and unknown plans", async () => {
    const me = await photographer();
    const usd = await s.api("/api/purchases/subscriptions?currency=usd", { token: me.token });
    expect(usd.body.map((o: { price: { amount: number } }) => o.price.amount)).toEqual([0, 549, 1099]);
    expect(usd.body[1].limits).toMatchObject({ films: 60, gear: 3 });
    const gbp = await s.api("/api/purchases/checkout", {
      method: "POST",
      token: me.token,
      body: { mode: "subscription", items: [{ plan: "artist" }], currency: "gbp" },
    });
    expect(gbp.status).toBe(400);
    expect(gbp.body.error).toBeDefined();
    const unknown = await s.api("/api/purchases/checkout", {
      method: "POST",
      token: me.token,
      body: { mode: "subscription", items: [{ plan: "platinum" }] },
    });
    expect([unknown.status, unknown.body]).toEqual([404, { error: "no-subscriptions-found", message: "No subscriptions found" }]);
    expect((await plan(me.token)).plan).toBe("free");
  });

  it("answers 20 checkouts started at once without a server error", async () => {
    const me = await photographer();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.api("/api/purchases/checkout", {
          method: "POST",
          token: me.token,
          body: { mode: "subscription", items: [{ plan: "artist" }], currency: "usd" },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.session_id)).size).toBe(20);
  });

  it("keeps a subscription a newer event renewed when an older last failed renewal arrives late, and the account active", async () => {
    const me = await photographer();
    expect((await pay(me.token)).paid.status).toBe(303);
    const subscription = await subscriptionOf(me.token);
    const { provider_customer_id: customer } = await s.latent.db
      .selectFrom("customers")
      .select("provider_customer_id")
      .where("user_id", "=", me.sub)
      .executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    const renewed = subscriptionEvent("customer.subscription.updated", now + 20, { id: subscription.id, userId: me.sub, plan: "artist" });
    expect((await deliver(renewed)).status).toBe(200);
    const lateFailure = {
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "invoice.payment_failed",
      created: now + 10,
      data: {
        object: {
          id: `in_${randomUUID()}`,
          object: "invoice",
          customer,
          subscription: subscription.id,
          currency: "eur",
          amount_due: 499,
          amount_paid: 0,
          billing_reason: "subscription_cycle",
          next_payment_attempt: null,
        },
      },
    };
    expect((await deliver(lateFailure)).status).toBe(200);
    const user = await plan(me.token);
    expect([user.plan, user.inactive_since]).toEqual(["artist", null]);
    expect((await subscriptionOf(me.token)).status).toBe("active");
  });

  it("gives a plan paid for an account that does not exist yet once it does, through the provider's redelivery", async () => {
    const sub = randomUUID();
    const created = subscriptionEvent("customer.subscription.created", Math.floor(Date.now() / 1000), {
      id: `sub_${randomUUID()}`,
      userId: sub,
      plan: "artist",
    });
    const first = await deliver(created);
    expect([first.status, first.body.error]).toEqual([503, "webhook-effect-pending"]);
    // Redelivered before the account exists: still owed, still an error the provider retries on.
    expect((await deliver(created)).status).toBe(503);

    const token = await s.token({ sub, email: `${sub}@example.com` });
    expect((await plan(token)).plan).toBe("free");
    expect((await deliver(created)).status).toBe(200);
    expect((await plan(token)).plan).toBe("artist");
    expect((await deliver(created)).status).toBe(200);
    expect((await s.api("/api/purchases/my-subscriptions", { token })).body).toHaveLength(1);
  });

  it("closes the first of two plan checkouts opened before paying either, so only one can be paid", async () => {
    const me = await photographer();
    const artist = await startCheckout(me.token, "artist");
    const unlimited = await startCheckout(me.token, "unlimited");
    expect((await paySandbox(artist.url)).status).toBe(409);
    expect((await paySandbox(unlimited.url)).status).toBe(303);
    expect((await plan(me.token)).plan).toBe("unlimited");
    const mine = (await s.api("/api/purchases/my-subscriptions", { token: me.token })).body;
    expect(mine.map((m: { plan: string; status: string }) => [m.plan, m.status])).toEqual([["unlimited", "active"]]);
  });

  it("ends a second subscription paid at the same time as the first, here and at the provider, and keeps the first", async () => {
    const me = await photographer();
    const artist = await startCheckout(me.token, "artist");
    const unlimited = await startCheckout(me.token, "unlimited");
    // Both were paid at the provider at once: closing the first came after its payment.
    await setAtProvider(artist.session_id, "open");
    expect((await paySandbox(artist.url)).status).toBe(303);
    expect((await paySandbox(unlimited.url)).status).toBe(303);

    expect((await plan(me.token)).plan).toBe("artist");
    const mine = (await s.api("/api/purchases/my-subscriptions", { token: me.token })).body as {
      id: string;
      plan: string;
      status: string;
    }[];
    expect(mine.filter((m) => m.status === "active").map((m) => m.plan)).toEqual(["artist"]);
    const second = mine.find((m) => m.plan === "unlimited")!;
    expect(second.status).toBe("canceled");
    const atProvider = await s.latent.db
      .selectFrom("payment_sandbox_objects")
      .select("data")
      .where("id", "=", second.id)
      .executeTakeFirstOrThrow();
    expect((atProvider.data as { status: string }).status).toBe("canceled");
  });
});
