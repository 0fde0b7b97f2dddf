import { randomUUID } from "node:crypto";
import { ERRORS } from "@latent/domain/errors";
import { PLANS } from "@latent/domain/plans";
import { sql } from "kysely";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../src/cli/admin-commands.ts";
import type { AccountGate } from "../src/features/account-data/account-gate.ts";
import { AppError } from "../src/platform/http/app-error.ts";
import { sandboxWebhookSecret } from "../src/platform/payments/sandbox-provider.ts";
import { signWebhook } from "../src/platform/payments/webhook-signature.ts";
import { type FakeStripe, startFakeStripe } from "./fake-stripe.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { confirmedSubscriber } from "./newsletter-fixtures.ts";
import { payOnSandboxPage, shipmentCheckout, shopBuyer } from "./shop-fixtures.ts";

/**
 * The purchase rules purchases.int.test.ts and purchases-rules.int.test.ts leave open: the operator's commands
 * (complimentary months, subscriptions bought in the mobile app), the checkout events of delayed payments and of
 * expired or doubly paid checkouts, the order in which two live subscriptions of one customer are settled, the
 * reactivation's checkout, and what the server asks of Stripe (a fake of its API) when it closes or fails a checkout.
 */
const SECRET_KEY = "purchases-events-secret-0123456789abcdef";
const DAY = 86_400;

interface Shipment {
  id: string;
  items: { item_id: string; quantity: number }[];
  rates: { id: string }[];
  total?: number;
}

/** The identity side's gate, played by the test: every account's password is "secret". */
const gate: AccountGate = {
  async confirmSecret(_userId, password) {
    if (password !== "secret") throw new AppError("wrong-password");
  },
  async deleteAccount() {},
};

/** Shop helpers shared by the sandbox and the Stripe servers. */
function shopOf(s: () => TestServer) {
  return {
    async shipment(token: string, quantity = 1): Promise<Shipment> {
      const res = await s().api("/api/shipping", {
        method: "POST",
        token,
        body: { items: [{ item_id: "pack-144", quantity }], currency: "eur" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
    checkout: (token: string, ship: Shipment) => shipmentCheckout(s(), token, ship, ship.rates[0]!.id),
    /** Packs of 144 anyone can still buy (the stock less what open checkouts hold). */
    async packsLeft(token: string) {
      const res = await s().api("/api/purchases/inventory?currency=eur", { token });
      return (res.body as { id: string; quantity: number }[]).find((i) => i.id === "pack-144")!.quantity;
    },
    shipmentOf: async (token: string, id: string) => (await s().api(`/api/shipping/${id}`, { token })).body,
    edit: (token: string, id: string, quantity: number) =>
      s().api(`/api/shipping/${id}`, { method: "PUT", token, body: { items: [{ item_id: "pack-144", quantity }] } }),
    /** The public confirmation of a checkout, as its buyer's email reads it. */
    publicly: async (sessionId: string, email: string) =>
      (await s().api(`/api/purchases/confirm/${sessionId}?email=${encodeURIComponent(email)}`)).body,
  };
}

describe.each(DATABASES)("purchase events and the operator's subscriptions on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { SECRET_KEY }, { accountGate: gate });
  });
  afterAll(async () => s?.close());
  const shop = shopOf(() => s);

  const photographer = async () => {
    const sub = randomUUID();
    const email = `${sub}@example.com`;
    const token = await s.token({ sub, email });
    // The account exists from its first call, as a signed-in photographer's does before paying.
    expect((await s.api("/api/user", { token })).status).toBe(200);
    return { sub, email, token };
  };
  const admin = (...argv: string[]) => runAdminCommand(s.latent, argv);
  const deliver = (type: string, object: object, created = Math.floor(Date.now() / 1000), id = `evt_${randomUUID()}`) => {
    const event = { id, object: "event", type, created, data: { object } };
    const body = JSON.stringify(event);
    return s.api("/api/purchases/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signWebhook(body, sandboxWebhookSecret(SECRET_KEY), Math.floor(Date.now() / 1000)),
      },
      body: event,
    });
  };
  /** A provider subscription object; `price` and `metadata` replace the defaults when given. */
  const subscription = (fields: {
    id?: string;
    userId?: string;
    customer?: string;
    plan?: string;
    status?: string;
    price?: object;
    metadata?: object | null;
  }) => ({
    id: fields.id ?? `sub_${randomUUID()}`,
    object: "subscription",
    customer: fields.customer ?? "cus_elsewhere",
    status: fields.status ?? "active",
    current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY,
    ...(fields.metadata === null
      ? {}
      : { metadata: fields.metadata ?? { user_id: fields.userId, plan: fields.plan ?? "artist", source: "web" } }),
    items: { data: [{ price: fields.price ?? { unit_amount: 999, currency: "eur", metadata: { plan: fields.plan ?? "artist" } } }] },
  });
  const mine = (token: string) => s.api("/api/purchases/my-subscriptions", { token });
  const me = async (token: string) => (await s.api("/api/user", { token })).body;
  const startPlanCheckout = async (token: string, plan = "artist") => {
    const res = await s.api("/api/purchases/checkout", {
      method: "POST",
      token,
      body: { mode: "subscription", items: [{ plan, quantity: 1 }], currency: "eur" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { url: string; session_id: string };
  };
  const customerOf = async (userId: string) =>
    (await s.latent.db.selectFrom("customers").select("provider_customer_id").where("user_id", "=", userId).executeTakeFirstOrThrow())
      .provider_customer_id;
  /** What the sandbox provider holds for a checkout (what it was asked to sell, and whether it gave the money back). */
  const atProvider = async (id: string) =>
    (await s.latent.db.selectFrom("payment_sandbox_objects").select("data").where("id", "=", id).executeTakeFirstOrThrow()).data as {
      status: string;
      mode: string;
      currency: string;
      refunded?: boolean;
      success_url: string;
      cancel_url: string;
      lines: { name: string; plan?: string; amount: number }[];
    };
  /** The provider moved a checkout on by itself (paid, or being paid, while the server thought otherwise). */
  const setAtProvider = (id: string, status: string) =>
    s.latent.db
      .updateTable("payment_sandbox_objects")
      .set({ data: sql`jsonb_set(data, '{status}', to_jsonb(${status}::text))` })
      .where("id", "=", id)
      .execute();
  const checkoutStatus = async (id: string) =>
    (await s.latent.db.selectFrom("checkout_sessions").select(["status", "paid"]).where("id", "=", id).executeTakeFirstOrThrow()) as {
      status: string;
      paid: boolean;
    };

  describe("the operator's complimentary months", () => {
    it("gives each user their own grant of N months from now, shown as an operator's subscription that ends by itself", async () => {
      const [a, b] = [await photographer(), await photographer()];
      const before = new Date();
      const granted = await admin("grant-months", "--email", a.email, "--months", "2", "--plan", "unlimited");
      const after = new Date();
      expect(granted.code).toBe(0);
      const end = new Date(/until (\S+) \(complimentary\)/.exec(granted.output)![1]!);
      const inMonths = (d: Date, n: number) => new Date(new Date(d).setUTCMonth(d.getUTCMonth() + n));
      expect(end.getTime()).toBeGreaterThanOrEqual(inMonths(before, 2).getTime());
      expect(end.getTime()).toBeLessThanOrEqual(inMonths(after, 2).getTime());
      expect((await admin("grant-months", "--email", b.email, "--months", "3", "--plan", "artist")).code).toBe(0);

      expect((await me(a.token)).plan).toBe("unlimited");
      expect((await me(b.token)).plan).toBe("artist");
      const rows = (await mine(a.token)).body;
      expect(rows).toEqual([
        {
          id: expect.stringMatching(/^op_/),
          plan: "unlimited",
          status: "active",
          source: "operator",
          currency: "eur",
          amount: 0,
          current_period_end: end.toISOString(),
          cancel_at_period_end: true,
        },
      ]);
      expect((await mine(b.token)).body).toMatchObject([{ plan: "artist", source: "operator" }]);

      // The daily run ends a grant only once its period is over, and only that user's.
      await s.latent.services.purchases.expireGrants(new Date(end.getTime() - 1000));
      expect((await me(a.token)).plan).toBe("unlimited");
      await s.latent.services.purchases.expireGrants(new Date(end.getTime() + 1000));
      expect((await me(a.token)).plan).toBe("free");
      expect((await mine(a.token)).body[0].status).toBe("canceled");
      expect((await me(b.token)).plan).toBe("artist");
      expect((await mine(b.token)).body[0].status).toBe("active");
    });

    it("lets an account whose only subscription is a grant be deleted, but not one still paying in the mobile app", async () => {
      const granted = await photographer();
      expect((await admin("grant-months", "--email", granted.email, "--months", "1", "--plan", "artist")).code).toBe(0);
      const paying = await photographer();
      expect((await admin("grant-months", "--email", paying.email, "--months", "1", "--plan", "unlimited")).code).toBe(0);
      expect((await admin("mobile-subscription", "--email", paying.email, "--plan", "artist")).code).toBe(0);

      const refused = await s.api("/api/account", { method: "DELETE", token: paying.token, body: { password: "secret" } });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe("subscription-active");
      expect((await s.api("/api/account", { method: "DELETE", token: granted.token, body: { password: "secret" } })).status).toBe(204);
    });
  });

  describe("subscriptions bought in the mobile app", () => {
    it("records one per user beside an operator's grant, refuses a second, and the richer plan wins", async () => {
      const [a, b] = [await photographer(), await photographer()];
      expect((await admin("grant-months", "--email", a.email, "--months", "1", "--plan", "unlimited")).code).toBe(0);
      expect((await admin("mobile-subscription", "--email", a.email, "--plan", "artist")).code).toBe(0);
      expect((await admin("mobile-subscription", "--email", b.email, "--plan", "artist")).code).toBe(0);
      expect((await me(a.token)).plan).toBe("unlimited");
      expect((await me(b.token)).plan).toBe("artist");
      expect((await mine(b.token)).body).toEqual([
        {
          id: expect.stringMatching(/^mobile_/),
          plan: "artist",
          status: "active",
          source: "mobile",
          currency: "eur",
          amount: PLANS.artist.monthlyMinor.eur,
          current_period_end: null,
          cancel_at_period_end: false,
        },
      ]);
      expect((await mine(a.token)).body.map((r: { source: string }) => r.source).sort()).toEqual(["mobile", "operator"]);

      const again = await admin("mobile-subscription", "--email", b.email, "--plan", "unlimited");
      expect(again.code).toBe(1);
      expect(again.output).toContain(ERRORS["already-subscribed"].message);
      expect((await me(b.token)).plan).toBe("artist");

      // A web subscription already charging refuses one from the app too.
      const web = await photographer();
      await deliver("customer.subscription.created", subscription({ userId: web.sub }));
      expect((await admin("mobile-subscription", "--email", web.email, "--plan", "unlimited")).code).toBe(1);
    });

    it("ends the mobile subscription on mobile-cancel and gives the plan of what is left, and changes no plan when there was none", async () => {
      const a = await photographer();
      expect((await admin("mobile-subscription", "--email", a.email, "--plan", "unlimited")).code).toBe(0);
      const cancelled = await admin("mobile-cancel", "--email", a.email);
      expect(cancelled.code).toBe(0);
      expect(cancelled.output).toContain("now on free");
      expect((await me(a.token)).plan).toBe("free");
      expect((await mine(a.token)).body[0]).toMatchObject({ source: "mobile", status: "canceled" });

      // A plan the operator set by hand, with no subscription behind it, is left alone by a cancellation of nothing.
      const b = await photographer();
      expect((await admin("plan", "--email", b.email, "--plan", "artist")).code).toBe(0);
      expect((await admin("mobile-cancel", "--email", b.email)).code).toBe(1);
      expect((await me(b.token)).plan).toBe("artist");
    });
  });

  describe("reactivating an inactive account", () => {
    it("opens a checkout for the last subscription's plan in its currency, and paying it ends the inactivity", async () => {
      const a = await photographer();
      await startPlanCheckout(a.token);
      const customer = await customerOf(a.sub);
      const created = Math.floor(Date.now() / 1000) - 100;
      const sub = subscription({
        userId: a.sub,
        customer,
        plan: "unlimited",
        price: { unit_amount: PLANS.unlimited.monthlyMinor.usd, currency: "usd", metadata: { plan: "unlimited" } },
      });
      await deliver("customer.subscription.created", sub, created);
      const lastAttempt = {
        id: `in_${randomUUID()}`,
        object: "invoice",
        customer,
        subscription: sub.id,
        currency: "usd",
        amount_due: PLANS.unlimited.monthlyMinor.usd,
        amount_paid: 0,
        billing_reason: "subscription_cycle",
        next_payment_attempt: null,
      };
      expect((await deliver("invoice.payment_failed", lastAttempt, created + 10)).status).toBe(200);
      expect(await me(a.token)).toMatchObject({ plan: "free", inactive_since: expect.any(String) });

      const res = await s.api("/api/user/reactivate", { method: "POST", token: a.token });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ url: expect.stringContaining("/sandbox/checkout/") });
      const id = new URL(res.body.url).pathname.split("/").pop()!;
      const asked = await atProvider(id);
      expect(asked).toMatchObject({ mode: "subscription", currency: "usd", lines: [{ plan: "unlimited", amount: 1099 }] });
      expect(new URL(asked.success_url).pathname).toBe("/u/profile");
      expect(new URL(asked.cancel_url).pathname).toBe("/u/profile");

      expect((await payOnSandboxPage(s, res.body.url)).status).toBe(303);
      expect(await me(a.token)).toMatchObject({ plan: "unlimited", inactive_since: null });
    });

    it("opens an artist checkout in euros when the inactive account never had a subscription", async () => {
      const a = await photographer();
      await s.latent.db.updateTable("users").set({ inactive_since: new Date() }).where("id", "=", a.sub).execute();
      const res = await s.api("/api/user/reactivate", { method: "POST", token: a.token });
      expect(res.status).toBe(201);
      const asked = await atProvider(new URL(res.body.url).pathname.split("/").pop()!);
      expect(asked).toMatchObject({ currency: "eur", lines: [{ plan: "artist", amount: PLANS.artist.monthlyMinor.eur }] });
    });
  });

  describe("checkout events", () => {
    it("sells a plan checkout paid later by a delayed method only on its async_payment_succeeded, and one that needs no payment at once", async () => {
      const a = await photographer();
      const started = await startPlanCheckout(a.token);
      const session = (payment_status: string) => ({
        id: started.session_id,
        object: "checkout.session",
        payment_status,
        subscription: null,
      });
      expect((await deliver("checkout.session.completed", session("unpaid"))).status).toBe(200);
      expect(await shop.publicly(started.session_id, a.email)).toMatchObject({ status: "open", paid: false });
      expect((await deliver("checkout.session.async_payment_succeeded", session("paid"))).status).toBe(200);
      expect(await shop.publicly(started.session_id, a.email)).toMatchObject({ status: "complete", paid: true });

      const b = await photographer();
      const free = await startPlanCheckout(b.token);
      const noPayment = { id: free.session_id, object: "checkout.session", payment_status: "no_payment_required", subscription: null };
      expect((await deliver("checkout.session.completed", noPayment)).status).toBe(200);
      expect(await shop.publicly(free.session_id, b.email)).toMatchObject({ status: "complete", paid: true });
    });

    it("gives a shipment's held packs back when its delayed payment fails or its checkout expires, and acknowledges an unknown one", async () => {
      await s.latent.services.shop.restock("pack-144", 20);
      const buyer = await shopBuyer(s);
      const email = `${buyer.sub}@example.com`;
      const first = await shop.shipment(buyer.token, 2);
      const before = await shop.packsLeft(buyer.token);
      const started = await shop.checkout(buyer.token, first);
      expect(started.status).toBe(200);
      expect(await shop.packsLeft(buyer.token)).toBe(before - 2);
      const session = (payment_status: string) => ({ id: started.body.session_id, object: "checkout.session", payment_status });
      expect((await deliver("checkout.session.completed", session("unpaid"))).status).toBe(200);
      expect(await shop.packsLeft(buyer.token)).toBe(before - 2);
      expect((await deliver("checkout.session.async_payment_failed", session("unpaid"))).status).toBe(200);
      expect(await shop.packsLeft(buyer.token)).toBe(before);
      expect(await shop.publicly(started.body.session_id, email)).toMatchObject({ status: "expired", paid: false });
      expect(await shop.shipmentOf(buyer.token, first.id)).toMatchObject({ status: "created" });

      const second = await shop.checkout(buyer.token, first);
      expect(await shop.packsLeft(buyer.token)).toBe(before - 2);
      const expired = { id: second.body.session_id, object: "checkout.session", payment_status: "unpaid" };
      expect((await deliver("checkout.session.expired", expired)).status).toBe(200);
      expect(await shop.packsLeft(buyer.token)).toBe(before);
      expect(await shop.publicly(second.body.session_id, email)).toMatchObject({ status: "expired" });

      // The provider's expiry of a checkout this server never made, or of one it already closed, changes nothing.
      expect((await deliver("checkout.session.expired", { id: `cs_${randomUUID()}`, payment_status: "unpaid" })).status).toBe(200);
      expect((await deliver("checkout.session.expired", expired)).status).toBe(200);
      expect(await shop.packsLeft(buyer.token)).toBe(before);
    });

    it("gives back a second payment of a shipment already paid, once, and keeps the first", async () => {
      await s.latent.services.shop.restock("pack-144", 20);
      const buyer = await shopBuyer(s);
      const ship = await shop.shipment(buyer.token, 1);
      const first = await shop.checkout(buyer.token, ship);
      const second = await shop.checkout(buyer.token, ship);
      expect([first.status, second.status]).toEqual([200, 200]);
      const before = await shop.packsLeft(buyer.token);
      expect((await payOnSandboxPage(s, second.body.url)).status).toBe(303);
      expect(await shop.shipmentOf(buyer.token, ship.id)).toMatchObject({ status: "paid", sticker_count: 144 });

      // The first checkout was being paid when the second one closed it: the provider took that money too.
      await setAtProvider(first.body.session_id, "complete");
      const late = { id: first.body.session_id, object: "checkout.session", payment_status: "paid" };
      const eventId = `evt_${randomUUID()}`;
      expect((await deliver("checkout.session.completed", late, undefined, eventId)).status).toBe(200);
      expect((await deliver("checkout.session.completed", late, undefined, eventId)).status).toBe(200);
      expect(await atProvider(first.body.session_id)).toMatchObject({ status: "complete", refunded: true });
      expect((await atProvider(second.body.session_id)).refunded).toBeUndefined();
      expect(await shop.shipmentOf(buyer.token, ship.id)).toMatchObject({ status: "paid", sticker_count: 144 });
      expect(await shop.packsLeft(buyer.token)).toBe(before);
      expect(((await s.api("/api/stickers", { token: buyer.token })).body as unknown[]).length).toBe(144);
    });

    it("closes at the provider another checkout of the shipment left open when one of them is paid", async () => {
      await s.latent.services.shop.restock("pack-144", 20);
      const buyer = await shopBuyer(s);
      const ship = await shop.shipment(buyer.token, 1);
      const first = await shop.checkout(buyer.token, ship);
      // Two checkouts open at once, as when two tabs raced to open them (reliability-payments.int.test.ts).
      await s.latent.db.updateTable("checkout_sessions").set({ status: "expired" }).where("id", "=", first.body.session_id).execute();
      const second = await shop.checkout(buyer.token, ship);
      await s.latent.db.updateTable("checkout_sessions").set({ status: "open" }).where("id", "=", first.body.session_id).execute();
      expect((await atProvider(first.body.session_id)).status).toBe("open");

      expect((await payOnSandboxPage(s, second.body.url)).status).toBe(303);
      expect((await atProvider(first.body.session_id)).status).toBe("expired");
      expect(await checkoutStatus(first.body.session_id)).toEqual({ status: "expired", paid: false });
      expect(await shop.shipmentOf(buyer.token, ship.id)).toMatchObject({ status: "paid" });
    });

    it("closes the open checkout when a new one starts or the shipment changes, and refuses both while a checkout is being paid", async () => {
      await s.latent.services.shop.restock("pack-144", 20);
      const buyer = await shopBuyer(s);
      const ship = await shop.shipment(buyer.token, 1);
      const full = await shop.packsLeft(buyer.token);
      const first = await shop.checkout(buyer.token, ship);
      const second = await shop.checkout(buyer.token, ship);
      expect(await checkoutStatus(first.body.session_id)).toMatchObject({ status: "expired" });
      expect(await checkoutStatus(second.body.session_id)).toMatchObject({ status: "open" });
      expect(await shop.packsLeft(buyer.token)).toBe(full - 1);

      const edited = await shop.edit(buyer.token, ship.id, 2);
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(await checkoutStatus(second.body.session_id)).toMatchObject({ status: "expired" });
      expect(await shop.packsLeft(buyer.token)).toBe(full);

      const twice = await shop.shipment(buyer.token, 2);
      const paying = await shop.checkout(buyer.token, twice);
      await setAtProvider(paying.body.session_id, "paying");
      const refused = await shop.checkout(buyer.token, twice);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe("shipment-checkout-open");

      const a = await photographer();
      const plan = await startPlanCheckout(a.token);
      await setAtProvider(plan.session_id, "paying");
      const again = await s.api("/api/purchases/checkout", {
        method: "POST",
        token: a.token,
        body: { mode: "subscription", items: [{ plan: "unlimited", quantity: 1 }], currency: "eur" },
      });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe("already-subscribed");
    });

    it("refuses a payment checkout without its shipment or its rate, naming what is missing", async () => {
      const buyer = await shopBuyer(s);
      const ship = await shop.shipment(buyer.token, 1);
      const pay = (fields: object) =>
        s.api("/api/purchases/checkout", {
          method: "POST",
          token: buyer.token,
          body: { mode: "payment", items: [{ price_id: "pack-144", quantity: 1 }], currency: "eur", ...fields },
        });
      const message = "shipment_id and rate are required for a payment";
      expect((await pay({ shipment_id: ship.id })).body).toEqual({ error: "bad-request", message, fields: { rate: "required" } });
      expect((await pay({ rate: ship.rates[0]!.id })).body).toEqual({ error: "bad-request", message, fields: { shipment_id: "required" } });
      const neither = await pay({});
      expect(neither.status).toBe(400);
      expect(neither.body).toEqual({ error: "bad-request", message, fields: { shipment_id: "required", rate: "required" } });
    });

    it("charges a shipment's total and sends the buyer back to its page, or to it with canceled=1", async () => {
      await s.latent.services.shop.restock("pack-144", 20);
      const buyer = await shopBuyer(s);
      const ship = await shop.shipment(buyer.token, 2);
      const started = await shop.checkout(buyer.token, ship);
      const { total } = await shop.shipmentOf(buyer.token, ship.id);
      expect(total.amount).toBeGreaterThan(0);
      expect((await shop.publicly(started.body.session_id, `${buyer.sub}@example.com`)).amount_total).toEqual(total);
      const asked = await atProvider(started.body.session_id);
      expect(asked.mode).toBe("payment");
      expect(asked.cancel_url).toMatch(new RegExp(`/u/shop/shipment/${ship.id}\\?canceled=1$`));
      const paid = await payOnSandboxPage(s, started.body.url);
      expect(paid.status).toBe(303);
      const back = new URL(paid.headers.get("location")!);
      expect([back.pathname, back.search]).toEqual([`/u/shop/shipment/${ship.id}`, `?sessionId=${started.body.session_id}`]);
    });
  });

  describe("how subscription events are read", () => {
    it("finds the owner by the customer and the plan by the price's lookup key when the subscription has no metadata at all", async () => {
      const a = await photographer();
      await startPlanCheckout(a.token);
      const customer = await customerOf(a.sub);
      const nothing = subscription({ customer, metadata: null, price: { unit_amount: 999, currency: "eur" } });
      expect((await deliver("customer.subscription.created", nothing)).status).toBe(200);
      expect((await mine(a.token)).status).toBe(404);
      const keyed = subscription({
        customer,
        metadata: null,
        price: { unit_amount: 999, currency: "eur", lookup_key: "unlimited_monthly_eur" },
      });
      expect((await deliver("customer.subscription.created", keyed)).status).toBe(200);
      expect((await mine(a.token)).body).toMatchObject([{ id: keyed.id, plan: "unlimited", source: "web", cancel_at_period_end: false }]);
      expect((await me(a.token)).plan).toBe("unlimited");
    });

    it("ends a subscription on its deleted event whatever status the object still carries", async () => {
      const a = await photographer();
      const sub = subscription({ userId: a.sub });
      const created = Math.floor(Date.now() / 1000) - 10;
      await deliver("customer.subscription.created", sub, created);
      expect((await me(a.token)).plan).toBe("artist");
      expect((await deliver("customer.subscription.deleted", sub, created + 1)).status).toBe(200);
      expect((await mine(a.token)).body[0].status).toBe("canceled");
      expect((await me(a.token)).plan).toBe("free");
    });

    it("keeps the first of two live web subscriptions and ends the later one, even when the earlier one's event comes last", async () => {
      const a = await photographer();
      const t = Math.floor(Date.now() / 1000) - 1000;
      const first = subscription({ userId: a.sub, status: "incomplete" });
      const later = subscription({ userId: a.sub, plan: "unlimited" });
      await deliver("customer.subscription.created", first, t);
      await deliver("customer.subscription.created", later, t + 100);
      expect((await me(a.token)).plan).toBe("unlimited");
      // The first one's payment went through, told by an event older than the later one's.
      expect((await deliver("customer.subscription.updated", { ...first, status: "active" }, t + 50)).status).toBe(200);
      const rows = (await mine(a.token)).body as { id: string; status: string }[];
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [first.id]: "active", [later.id]: "canceled" });
      expect((await me(a.token)).plan).toBe("artist");
    });

    it("decides which of two live web subscriptions is the first by when each was stored, not by the order of their rows", async () => {
      const a = await photographer();
      const t = Math.floor(Date.now() / 1000) - 1000;
      const stored = subscription({ id: `sub_a${randomUUID()}`, userId: a.sub });
      const older = subscription({ id: `sub_z${randomUUID()}`, userId: a.sub, plan: "unlimited" });
      await deliver("customer.subscription.created", stored, t);
      await deliver("customer.subscription.created", older, t + 10);
      expect((await mine(a.token)).body.find((r: { id: string }) => r.id === older.id).status).toBe("canceled");
      // Say the second row was in fact stored an hour before the first (a restore, a migration).
      await s.latent.db
        .updateTable("subscriptions")
        .set({ created_at: new Date(Date.now() - 3_600_000) })
        .where("id", "=", older.id)
        .execute();
      expect((await deliver("customer.subscription.updated", older, t + 20)).status).toBe(200);
      const rows = (await mine(a.token)).body as { id: string; status: string }[];
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [stored.id]: "canceled", [older.id]: "active" });
      expect((await me(a.token)).plan).toBe("unlimited");
    });

    it("does not end a web subscription because of an operator's grant or a mobile one stored before it", async () => {
      const a = await photographer();
      expect((await admin("grant-months", "--email", a.email, "--months", "1", "--plan", "artist")).code).toBe(0);
      expect((await admin("mobile-subscription", "--email", a.email, "--plan", "artist")).code).toBe(0);
      const web = subscription({ userId: a.sub, plan: "unlimited" });
      expect((await deliver("customer.subscription.created", web)).status).toBe(200);
      const rows = (await mine(a.token)).body as { source: string; status: string }[];
      expect(rows.map((r) => `${r.source}:${r.status}`).sort()).toEqual(["mobile:active", "operator:active", "web:active"]);
      expect((await me(a.token)).plan).toBe("unlimited");
    });

    it("records each invoice with its subscription and whether it was paid", async () => {
      const a = await photographer();
      await startPlanCheckout(a.token);
      const customer = await customerOf(a.sub);
      const sub = subscription({ userId: a.sub, customer });
      await deliver("customer.subscription.created", sub);
      const invoice = (fields: object) => ({
        id: `in_${randomUUID()}`,
        object: "invoice",
        customer,
        subscription: sub.id,
        currency: "eur",
        amount_due: 999,
        amount_paid: 999,
        billing_reason: "subscription_cycle",
        next_payment_attempt: Math.floor(Date.now() / 1000) + 3 * DAY,
        ...fields,
      });
      await deliver("invoice.paid", invoice({}));
      await deliver("invoice.payment_failed", invoice({ amount_paid: 0 }));
      const rows = await s.latent.db
        .selectFrom("invoices")
        .select(["subscription_id", "status", "amount"])
        .where("user_id", "=", a.sub)
        .execute();
      expect(rows.sort((x, y) => x.status.localeCompare(y.status))).toEqual([
        { subscription_id: sub.id, status: "failed", amount: 999 },
        { subscription_id: sub.id, status: "paid", amount: 999 },
      ]);
    });

    it("ends no one's inactivity and restarts no clean-up when an event leaves the plan as it was", async () => {
      const a = await photographer();
      const sub = subscription({ userId: a.sub });
      const t = Math.floor(Date.now() / 1000) - 100;
      await deliver("customer.subscription.created", sub, t);
      const since = new Date(Date.now() - 5 * DAY * 1000);
      await s.latent.db.updateTable("users").set({ downgrading_since: since }).where("id", "=", a.sub).execute();
      expect((await deliver("customer.subscription.updated", { ...sub, cancel_at_period_end: true }, t + 1)).status).toBe(200);
      expect(await me(a.token)).toMatchObject({ plan: "artist", downgrading_since: since.toISOString() });
    });
  });

  describe("offers, confirmations and the webhook's refusals", () => {
    it("names the plans, sorted by price, with a first-invoice price only for paid plans and only with a discount", async () => {
      const a = await photographer();
      const offers = (await s.api("/api/purchases/subscriptions?currency=usd", { token: a.token })).body;
      expect(offers.map((o: { name: string; price: { amount: number } }) => [o.name, o.price.amount])).toEqual([
        ["Free", 0],
        ["Artist", PLANS.artist.monthlyMinor.usd],
        ["Unlimited", PLANS.unlimited.monthlyMinor.usd],
      ]);
      expect(offers.filter((o: object) => "first_invoice_price" in o || "discount_percent" in o)).toEqual([]);
      const b = await photographer();
      await confirmedSubscriber(s, b.email, 20);
      const discounted = (await s.api("/api/purchases/subscriptions?currency=eur", { token: b.token })).body;
      expect(discounted.map((o: { discount_percent?: number }) => o.discount_percent ?? null)).toEqual([null, 20, 20]);
    });

    it("keeps the newsletter discount when a checkout made before it was granted is paid", async () => {
      const a = await photographer();
      const started = await startPlanCheckout(a.token);
      await confirmedSubscriber(s, a.email, 20);
      const paid = { id: started.session_id, object: "checkout.session", payment_status: "paid", subscription: null };
      expect((await deliver("checkout.session.completed", paid)).status).toBe(200);
      const offers = (await s.api("/api/purchases/subscriptions?currency=eur", { token: a.token })).body;
      expect(offers.map((o: { discount_percent?: number }) => o.discount_percent ?? null)).toEqual([null, 20, 20]);
    });

    it("confirms a paid checkout only with the subscription it started, not an older one of the buyer", async () => {
      const a = await photographer();
      const old = subscription({ userId: a.sub });
      const t = Math.floor(Date.now() / 1000) - 100;
      await deliver("customer.subscription.created", old, t);
      await deliver("customer.subscription.deleted", old, t + 1);
      const started = await startPlanCheckout(a.token);
      const newId = `sub_${randomUUID()}`;
      const paid = { id: started.session_id, object: "checkout.session", payment_status: "paid", subscription: newId };
      expect((await deliver("checkout.session.completed", paid)).status).toBe(200);
      const confirm = () => s.api(`/api/purchases/my-subscriptions/${started.session_id}`, { method: "POST", token: a.token });
      const waiting = await confirm();
      expect([waiting.status, waiting.body.error]).toEqual([422, "payment-not-completed"]);
      await deliver("customer.subscription.created", subscription({ id: newId, userId: a.sub, plan: "unlimited" }));
      expect((await confirm()).body).toMatchObject({ id: newId, plan: "unlimited", status: "active" });
      expect((await s.api(`/api/purchases/confirm/cs_${randomUUID()}?email=${encodeURIComponent(a.email)}`)).status).toBe(404);
    });

    it("names a plan in the buyer's language at the provider, and sends the portal back to the subscriptions page", async () => {
      const a = await photographer();
      expect((await s.api("/api/user", { method: "PUT", token: a.token, body: { locale: "fr-FR" } })).status).toBe(200);
      const started = await startPlanCheckout(a.token);
      expect((await atProvider(started.session_id)).lines).toMatchObject([{ name: "Artiste", plan: "artist" }]);
      const portal = await s.api("/api/purchases/portal", { method: "POST", token: a.token });
      expect(portal.status).toBe(200);
      const page = await (await fetch(`${s.base}${new URL(portal.body.url).pathname}`)).text();
      expect(page).toMatch(/href="[^"]*\/u\/shop\/subscriptions"/);
    });

    it("names an event type it does not handle, cut to 80 characters, and the field of a malformed one", async () => {
      const long = `customer.${"x".repeat(120)}`;
      const unknown = await deliver(long, {});
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ error: "webhook-event-unknown", message: `Unhandled event type: ${long.slice(0, 80)}` });
      const malformed = await deliver("customer.subscription.updated", {
        id: "sub_x",
        customer: "cus_x",
        status: "active",
        items: { data: [] },
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/^customer\.subscription\.updated: \S/);
      expect(malformed.body.message).not.toContain("not valid");
    });
  });
});

describe.each(DATABASES)("what the server asks of Stripe (a fake of its API) on %s", (kind) => {
  const WEBHOOK_SECRET = "whsec_purchases_events_fake";
  let fake: FakeStripe;
  let s: TestServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await startServer(kind, { STRIPE_SECRET_KEY: "sk_test_fake_key", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.stop();
  });
  const shop = shopOf(() => s);
  const deliver = (type: string, object: object) => {
    const payload = JSON.stringify({
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return fetch(`${s.base}/api/purchases/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload,
    });
  };
  /** Calls that close, refund or cancel something at Stripe. */
  const undoing = () => fake.requests.filter((r) => r.path.endsWith("/expire") || r.path === "/v1/refunds" || r.method === "DELETE");

  it("asks Stripe to close, refund or cancel nothing when a subscription starts", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub, email: `${sub}@example.com` });
    expect((await s.api("/api/user", { token })).status).toBe(200);
    const before = undoing().length;
    const started = await deliver("customer.subscription.created", {
      id: `sub_${randomUUID()}`,
      object: "subscription",
      customer: "cus_elsewhere",
      status: "active",
      metadata: { user_id: sub, plan: "artist", source: "web" },
      items: { data: [{ price: { unit_amount: 499, currency: "eur", metadata: { plan: "artist" } } }] },
    });
    expect(started.status).toBe(200);
    expect((await s.api("/api/user", { token })).body.plan).toBe("artist");
    expect(undoing().length).toBe(before);
  });

  it("opens a shipment's checkout in payment mode, and a change of the shipment closes it here and gives its packs back", async () => {
    await s.latent.services.shop.restock("pack-144", 20);
    const buyer = await shopBuyer(s);
    const ship = await shop.shipment(buyer.token, 1);
    const full = await shop.packsLeft(buyer.token);
    const started = await shop.checkout(buyer.token, ship);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(fake.calls("POST", "/v1/checkout/sessions").at(-1)!.params.mode).toBe("payment");
    expect(await shop.packsLeft(buyer.token)).toBe(full - 1);

    const edited = await shop.edit(buyer.token, ship.id, 2);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(fake.calls("POST", `/v1/checkout/sessions/${started.body.session_id}/expire`)).toHaveLength(1);
    expect(await shop.publicly(started.body.session_id, `${buyer.sub}@example.com`)).toMatchObject({ status: "expired" });
    expect(await shop.packsLeft(buyer.token)).toBe(full);
  });

  it("holds no packs for a checkout Stripe refused to open", async () => {
    await s.latent.services.shop.restock("pack-144", 20);
    const buyer = await shopBuyer(s);
    // A customer Stripe no longer knows (deleted in its dashboard): it refuses the checkout.
    await s.latent.db.insertInto("customers").values({ user_id: buyer.sub, provider_customer_id: "cus_deleted", email: null }).execute();
    const ship = await shop.shipment(buyer.token, 1);
    const full = await shop.packsLeft(buyer.token);
    const refused = await shop.checkout(buyer.token, ship);
    expect(refused.status).not.toBe(200);
    expect(await shop.packsLeft(buyer.token)).toBe(full);
    expect((await shop.edit(buyer.token, ship.id, 2)).status).toBe(200);
  });
});
