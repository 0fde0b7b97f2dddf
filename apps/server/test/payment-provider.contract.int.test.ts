import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/db/database.ts";
import type { CheckoutRequest, PaymentProvider, ProviderEvent } from "../src/platform/payments/payment-provider.ts";
import { createSandboxProvider, SANDBOX_CARDS, sandboxWebhookSecret } from "../src/platform/payments/sandbox-provider.ts";
import { createStripeProvider } from "../src/platform/payments/stripe-provider.ts";
import { signWebhook, WEBHOOK_TOLERANCE_SECONDS } from "../src/platform/payments/webhook-signature.ts";
import { type FakeStripe, startFakeStripe } from "./fake-stripe.ts";
import { DATABASES, type DatabaseKind } from "./harness.ts";

/** One webhook delivery as the provider sends it: the raw body and its `Stripe-Signature` header. */
interface Delivery {
  body: string;
  signature: string;
}

interface Running {
  provider: PaymentProvider;
  /** A valid signature header for a payload at a time (unix seconds), with this adapter's secret unless another is given. */
  sign(payload: string, timestamp: number, secret?: string): string;
  /** Pays a checkout with a card that succeeds; answers the deliveries the provider sends because of it. */
  pay(checkoutId: string): Promise<Delivery[]>;
  /** Checks, the way this adapter can show it, that a checkout created with `expiresAt` stops taking payment then. */
  expectExpiry(checkoutId: string, expiresAt: Date): Promise<void>;
  /** Checks that a checkout no longer takes payment (after `expireCheckout`). */
  expectClosed(checkoutId: string): Promise<void>;
  /** Whether the provider gave a paid checkout's money back. */
  refunded(checkoutId: string): Promise<boolean>;
  /** A subscription's status at the provider. */
  subscriptionStatus(subscriptionId: string): Promise<string | undefined>;
  stop(): Promise<void>;
}

interface Adapter {
  name: string;
  /** The Stripe fake's `complete` only knows subscription sessions (it reads the first line's price id). */
  paysPaymentCheckouts: boolean;
  start(): Promise<Running>;
}

const silent = {
  level: "silent",
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger;

/** The sandbox on its own database (PGlite in a temporary folder, or a fresh PostgreSQL schema), migrated as the app does. */
function sandbox(kind: DatabaseKind): Adapter {
  return {
    name: `sandbox on ${kind}`,
    paysPaymentCheckouts: true,
    async start() {
      const dataDir = await mkdtemp(join(tmpdir(), "latent-payments-contract-"));
      const schema = kind === "postgres" ? `test_${randomUUID().replaceAll("-", "")}` : undefined;
      const { db } = await openDatabase({
        dataDir,
        ...(kind === "postgres" ? { url: process.env.TEST_DATABASE_URL, searchPath: schema } : {}),
      });
      const secret = randomUUID();
      const deliveries: Delivery[] = [];
      // The provider's clock: real time plus whatever a test moves it by.
      let offsetMs = 0;
      const sandboxed = createSandboxProvider({
        db,
        secret,
        publicUrl: "http://127.0.0.1:9",
        // What the sandbox mails (receipts) is the app's concern, tested through it; the contract is the provider's.
        mailer: { send: async () => undefined },
        log: silent,
        now: () => new Date(Date.now() + offsetMs),
        async deliver(body, signature) {
          deliveries.push({ body, signature });
          return 200;
        },
      });
      const since = async (before: number) => deliveries.slice(before);
      return {
        provider: sandboxed.provider,
        sign: (payload, timestamp, other) => signWebhook(payload, other ?? sandboxWebhookSecret(secret), timestamp),
        async pay(checkoutId) {
          const before = deliveries.length;
          expect(await sandboxed.pay(checkoutId, SANDBOX_CARDS.success)).toBe("succeeded");
          return since(before);
        },
        async expectExpiry(checkoutId, expiresAt) {
          const before = deliveries.length;
          offsetMs = expiresAt.getTime() - Date.now() + 60_000;
          try {
            expect(await sandboxed.pay(checkoutId, SANDBOX_CARDS.success)).toBe("closed");
            const events = (await since(before)).map((d) => JSON.parse(d.body) as ProviderEvent);
            expect(events.map((e) => e.type)).toEqual(["checkout.session.expired"]);
            expect(events[0]!.data.object).toMatchObject({ id: checkoutId, mode: "payment", status: "expired", payment_status: "unpaid" });
            // Once expired, it stays closed and is expired once.
            expect(await sandboxed.pay(checkoutId, SANDBOX_CARDS.success)).toBe("closed");
            expect(deliveries.length).toBe(before + 1);
            expect((await sandboxed.checkout(checkoutId))?.status).toBe("expired");
          } finally {
            offsetMs = 0;
          }
        },
        async expectClosed(checkoutId) {
          expect(await sandboxed.pay(checkoutId, SANDBOX_CARDS.success)).toBe("closed");
          expect((await sandboxed.checkout(checkoutId))?.status).toBe("expired");
        },
        refunded: async (checkoutId) => Boolean((await sandboxed.checkout(checkoutId))?.refunded),
        async subscriptionStatus(subscriptionId) {
          const row = await db
            .selectFrom("payment_sandbox_objects")
            .select("data")
            .where("id", "=", subscriptionId)
            .where("kind", "=", "subscription")
            .executeTakeFirst();
          return (row?.data as { status?: string } | undefined)?.status;
        },
        async stop() {
          await db.destroy();
          if (schema) {
            const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
            await client.connect();
            await client.query(`drop schema if exists "${schema}" cascade`);
            await client.end();
          }
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}

const STRIPE_WEBHOOK_SECRET = "whsec_fake_stripe_contract_secret";

/** The Stripe adapter: the real SDK against the HTTP fake of Stripe's API on loopback. */
const stripe: Adapter = {
  name: "Stripe (a fake of its API on loopback)",
  paysPaymentCheckouts: true,
  async start() {
    const fake: FakeStripe = await startFakeStripe();
    const url = new URL(fake.url);
    const provider = createStripeProvider({
      secretKey: "sk_test_fake_key",
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      api: { protocol: "http", host: url.hostname, port: Number(url.port) },
    });
    const sign = (payload: string, timestamp: number, secret = STRIPE_WEBHOOK_SECRET) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    /** Stripe's event around an object, signed as Stripe signs its deliveries (as stripe-provider.int.test.ts does). */
    const delivery = (type: string, object: Record<string, unknown>, created: number): Delivery => {
      const body = JSON.stringify({
        id: `evt_${randomUUID().replaceAll("-", "")}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        type,
        created,
        livemode: false,
        data: { object },
      });
      return { body, signature: sign(body, Math.floor(Date.now() / 1000)) };
    };
    return {
      provider,
      sign,
      async pay(checkoutId) {
        const created = Math.floor(Date.now() / 1000);
        if (fake.objects.get(checkoutId)?.mode === "payment")
          return [delivery("checkout.session.completed", fake.completePayment(checkoutId), created)];
        const paid = fake.complete(checkoutId);
        return [
          delivery("checkout.session.completed", paid.session, created),
          delivery("customer.subscription.created", paid.subscription, created + 1),
          delivery("invoice.paid", paid.invoice, created + 2),
        ];
      },
      async expectExpiry(checkoutId, expiresAt) {
        // The fake does not expire sessions; what the adapter owes is to send the time to Stripe, which does.
        const sent = fake.calls("POST", "/v1/checkout/sessions").at(-1);
        expect(fake.objects.get(checkoutId)).toBeDefined();
        expect(sent?.params.expires_at).toBe(String(Math.floor(expiresAt.getTime() / 1000)));
      },
      async expectClosed(checkoutId) {
        expect(fake.objects.get(checkoutId)?.status).toBe("expired");
        expect(fake.calls("POST", `/v1/checkout/sessions/${checkoutId}/expire`)).not.toHaveLength(0);
      },
      refunded: async (checkoutId) => Boolean(fake.objects.get(checkoutId)?.refunded),
      subscriptionStatus: async (subscriptionId) => fake.objects.get(subscriptionId)?.status as string | undefined,
      stop: () => fake.stop(),
    };
  },
};

const adapters: Adapter[] = [...DATABASES.map(sandbox), stripe];

describe.each(adapters)("the $name payment provider", (adapter) => {
  let running: Running;
  let provider: PaymentProvider;
  beforeAll(async () => {
    running = await adapter.start();
    provider = running.provider;
  });
  afterAll(async () => {
    await running?.stop();
  });

  const buyer = async () => {
    const userId = randomUUID();
    const email = `${randomUUID()}@example.com`;
    const { id } = await provider.createCustomer({ userId, email });
    return { userId, email, customerId: id };
  };
  const request = (who: Awaited<ReturnType<typeof buyer>>, overrides: Partial<CheckoutRequest>): CheckoutRequest => ({
    mode: "payment",
    customerId: who.customerId,
    email: who.email,
    userId: who.userId,
    currency: "eur",
    lines: [],
    firstInvoiceDiscountPercent: null,
    successUrl: "http://127.0.0.1:9/u/shop?sessionId={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://127.0.0.1:9/u/shop",
    ...overrides,
  });
  const shopLines = [
    { name: "Sticker Pack 24", amount: 499, quantity: 2 },
    { name: "Correos Letter", amount: 380, quantity: 1 },
  ];
  const artistPlan = [{ name: "Latent Artist", amount: 499, quantity: 1, plan: "artist" }];
  const httpUrl = /^https?:\/\/[^/\s]+/;
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const events = (deliveries: Delivery[]) =>
    deliveries.map((d) => {
      const checked = provider.verifyWebhook(Buffer.from(d.body), d.signature);
      expect(checked).toMatchObject({ ok: true });
      return (checked as { ok: true; event: ProviderEvent }).event;
    });

  it("creates a customer and answers its id, a different one for another customer", async () => {
    const one = await provider.createCustomer({ userId: randomUUID(), email: `${randomUUID()}@example.com` });
    const other = await provider.createCustomer({ userId: randomUUID(), email: `${randomUUID()}@example.com` });
    const anonymous = await provider.createCustomer({ userId: randomUUID(), email: null });
    for (const customer of [one, other, anonymous]) {
      expect(typeof customer.id).toBe("string");
      expect(customer.id.length).toBeGreaterThan(0);
    }
    expect(new Set([one.id, other.id, anonymous.id]).size).toBe(3);
  });

  it("starts a subscription checkout and answers its id and an http(s) URL", async () => {
    const me = await buyer();
    const checkout = await provider.createCheckout(request(me, { mode: "subscription", lines: artistPlan }));
    expect(checkout.id).toMatch(/\S/);
    expect(checkout.url).toMatch(httpUrl);
  });

  it.each(["eur", "usd"] as const)(
    "starts a payment checkout of two lines in %s and answers its id and an http(s) URL",
    async (currency) => {
      const me = await buyer();
      const first = await provider.createCheckout(request(me, { currency, lines: shopLines }));
      const second = await provider.createCheckout(request(me, { currency, lines: shopLines }));
      for (const checkout of [first, second]) {
        expect(checkout.id).toMatch(/\S/);
        expect(checkout.url).toMatch(httpUrl);
      }
      expect(second.id).not.toBe(first.id);
    },
  );

  it("opens a portal session for a customer at an http(s) URL", async () => {
    const me = await buyer();
    const portal = await provider.createPortalSession({ customerId: me.customerId, returnUrl: "http://127.0.0.1:9/u/shop/subscriptions" });
    expect(portal.url).toMatch(httpUrl);
  });

  describe("checking webhook deliveries", () => {
    const event = () => ({
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "checkout.session.completed",
      created: nowSeconds(),
      livemode: false,
      data: { object: { id: `cs_${randomUUID().replaceAll("-", "")}`, object: "checkout.session", mode: "payment" } },
    });

    it("accepts a correctly signed recent event and answers its id, type, created and data.object", () => {
      const sent = event();
      const payload = JSON.stringify(sent);
      const checked = provider.verifyWebhook(Buffer.from(payload), running.sign(payload, nowSeconds()));
      expect(checked.ok).toBe(true);
      // The port's four fields; the sandbox also passes the envelope's other fields (`object`, `livemode`) through.
      const { event: answered } = checked as { ok: true; event: ProviderEvent };
      expect({ id: answered.id, type: answered.type, created: answered.created }).toEqual({
        id: sent.id,
        type: sent.type,
        created: sent.created,
      });
      expect(answered.data).toEqual({ object: sent.data.object });
    });

    it("refuses a delivery without a signature header", () => {
      expect(provider.verifyWebhook(Buffer.from(JSON.stringify(event())), undefined)).toMatchObject({ ok: false });
      expect(provider.verifyWebhook(Buffer.from(JSON.stringify(event())), "")).toMatchObject({ ok: false });
    });

    it("refuses a malformed signature header", () => {
      const payload = JSON.stringify(event());
      const good = running.sign(payload, nowSeconds());
      for (const header of [
        "garbage",
        `t=${nowSeconds()}`,
        "v1=abc",
        good.replace(/v1=[0-9a-f]+/, "v1=not-hex"),
        `t=soon,${good.split(",")[1]}`,
      ]) {
        expect(provider.verifyWebhook(Buffer.from(payload), header), header).toMatchObject({ ok: false });
      }
    });

    it("refuses a delivery signed with another secret", () => {
      const payload = JSON.stringify(event());
      const header = running.sign(payload, nowSeconds(), "whsec_someone_else_entirely");
      expect(provider.verifyWebhook(Buffer.from(payload), header)).toMatchObject({ ok: false });
    });

    it("refuses a body changed after it was signed", () => {
      const sent = event();
      const header = running.sign(JSON.stringify(sent), nowSeconds());
      const changed = JSON.stringify({ ...sent, type: "invoice.paid" });
      expect(provider.verifyWebhook(Buffer.from(changed), header)).toMatchObject({ ok: false });
      // Even a change the JSON parser would not see (a trailing space) breaks the signature over the raw bytes.
      expect(provider.verifyWebhook(Buffer.from(`${JSON.stringify(sent)} `), header)).toMatchObject({ ok: false });
    });

    it("refuses a delivery signed more than five minutes ago and accepts one signed just within", () => {
      const payload = JSON.stringify(event());
      const old = running.sign(payload, nowSeconds() - WEBHOOK_TOLERANCE_SECONDS - 60);
      expect(provider.verifyWebhook(Buffer.from(payload), old)).toMatchObject({ ok: false });
      const recent = running.sign(payload, nowSeconds() - WEBHOOK_TOLERANCE_SECONDS + 60);
      expect(provider.verifyWebhook(Buffer.from(payload), recent)).toMatchObject({ ok: true });
    });

    it("refuses a delivery signed more than five minutes ahead", () => {
      const payload = JSON.stringify(event());
      const ahead = running.sign(payload, nowSeconds() + WEBHOOK_TOLERANCE_SECONDS + 60);
      expect(provider.verifyWebhook(Buffer.from(payload), ahead)).toMatchObject({ ok: false });
    });

    it("refuses a correctly signed event whose data.object is not an object", () => {
      const payload = JSON.stringify({ ...event(), data: { object: "cs_123" } });
      expect(provider.verifyWebhook(Buffer.from(payload), running.sign(payload, nowSeconds()))).toMatchObject({ ok: false });
    });
  });

  it.skipIf(!adapter.paysPaymentCheckouts)(
    "sends checkout.session.completed, paid and in mode payment, once a payment checkout is paid",
    async () => {
      const me = await buyer();
      const checkout = await provider.createCheckout(request(me, { currency: "eur", lines: shopLines }));
      const completed = events(await running.pay(checkout.id)).filter((e) => e.type === "checkout.session.completed");
      expect(completed).toHaveLength(1);
      expect(completed[0]!.data.object).toMatchObject({
        id: checkout.id,
        mode: "payment",
        payment_status: "paid",
        customer: me.customerId,
        client_reference_id: me.userId,
        currency: "eur",
        amount_total: 2 * 499 + 380,
      });
    },
  );

  it("sends checkout.session.completed, paid and in mode subscription, then the subscription, once a subscription checkout is paid", async () => {
    const me = await buyer();
    const checkout = await provider.createCheckout(request(me, { mode: "subscription", currency: "eur", lines: artistPlan }));
    const sent = events(await running.pay(checkout.id));
    expect(sent.map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
    const [completed, subscription, invoice] = sent.map((e) => e.data.object);
    expect(completed).toMatchObject({
      id: checkout.id,
      mode: "subscription",
      payment_status: "paid",
      customer: me.customerId,
      client_reference_id: me.userId,
      subscription: subscription!.id,
    });
    expect(subscription).toMatchObject({ customer: me.customerId, status: "active", metadata: { user_id: me.userId, plan: "artist" } });
    // Stripe names the invoice's subscription under `parent`; the adapter answers it at the top level, as the sandbox does.
    expect(invoice).toMatchObject({ customer: me.customerId, status: "paid", subscription: subscription!.id, amount_paid: 499 });
  });

  it("carries a payment checkout's expiresAt to the provider, which stops taking payment then", async () => {
    const me = await buyer();
    const expiresAt = new Date((nowSeconds() + 30 * 60) * 1000);
    const checkout = await provider.createCheckout(request(me, { currency: "usd", lines: shopLines, expiresAt }));
    await running.expectExpiry(checkout.id, expiresAt);
  });

  it("closes an open checkout so it takes no payment, closes it again without error, and answers complete for a paid one", async () => {
    const me = await buyer();
    const open = await provider.createCheckout(request(me, { lines: shopLines }));
    expect(await provider.expireCheckout(open.id)).toBe("expired");
    expect(await provider.expireCheckout(open.id)).toBe("expired");
    await running.expectClosed(open.id);

    const paid = await provider.createCheckout(request(me, { lines: shopLines }));
    await running.pay(paid.id);
    expect(await provider.expireCheckout(paid.id)).toBe("complete");
  });

  it("gives a paid one-off checkout's money back once, however often it is asked", async () => {
    const me = await buyer();
    const checkout = await provider.createCheckout(request(me, { lines: shopLines }));
    await running.pay(checkout.id);
    expect(await running.refunded(checkout.id)).toBe(false);
    await provider.refundCheckout(checkout.id);
    await provider.refundCheckout(checkout.id);
    expect(await running.refunded(checkout.id)).toBe(true);
  });

  it("ends a subscription at once, and ending it again changes nothing", async () => {
    const me = await buyer();
    const checkout = await provider.createCheckout(request(me, { mode: "subscription", lines: artistPlan }));
    const subscription = events(await running.pay(checkout.id)).find((e) => e.type === "customer.subscription.created")!.data.object;
    expect(await running.subscriptionStatus(subscription.id as string)).toBe("active");
    await provider.cancelSubscription(subscription.id as string);
    await provider.cancelSubscription(subscription.id as string);
    expect(await running.subscriptionStatus(subscription.id as string)).toBe("canceled");
  });
});
