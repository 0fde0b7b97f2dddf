import type { Locale } from "@latent/domain/locales";
import { PLANS, type PlanId } from "@latent/domain/plans";
import type { Currency } from "@latent/domain/purchases";
import Stripe from "stripe";
import type { CheckoutRequest, PaymentProvider, ProviderEvent, WebhookCheck } from "./payment-provider.ts";
import { WEBHOOK_TOLERANCE_SECONDS } from "./webhook-signature.ts";

export interface StripeDeps {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests' fake, a self-hosted proxy); null for Stripe's own. */
  api: { protocol: "http" | "https"; host: string; port: number } | null;
}

/** The lookup key of a plan's monthly price: prices are found by it, never by an id kept in our database. */
export const priceLookupKey = (plan: PlanId, currency: Currency) => `${plan}_monthly_${currency}`;

/** The coupon of a first-invoice discount: one per percentage, applied once (the first invoice only). */
export const firstInvoiceCouponId = (percent: number) => `latent_first_invoice_${percent}_percent`;

/** Stripe's checkout speaks four of our languages; for Catalan it follows the browser (its default, `auto`). */
const STRIPE_LOCALES: Partial<Record<Locale, Stripe.Checkout.SessionCreateParams.Locale>> = {
  "en-US": "en",
  "es-ES": "es",
  "fr-FR": "fr",
  "it-IT": "it",
};

const isMissing = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";

/**
 * The Stripe adapter: Checkout Sessions (mode subscription for plans, mode payment for one-off lines), the Customer
 * Portal, and webhook deliveries checked by the SDK's `constructEvent` over the raw bytes. Plan prices come from
 * `packages/domain` and are looked up (or created once) by lookup key, so the amounts charged are the ones shown.
 */
export function createStripeProvider(deps: StripeDeps): PaymentProvider {
  const stripe = new Stripe(deps.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(deps.api ? { protocol: deps.api.protocol, host: deps.api.host, port: deps.api.port } : {}),
  });
  // Prices and coupons never change once right, so each is resolved once per process.
  const prices = new Map<string, Promise<string>>();
  const coupons = new Map<number, Promise<string>>();

  const once = <K, V>(cache: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> => {
    let found = cache.get(key);
    if (!found) {
      found = make();
      cache.set(key, found);
      found.catch(() => cache.delete(key));
    }
    return found;
  };

  /** The active monthly price of a plan in a currency; a missing or stale one (another amount) is (re)created. */
  function planPrice(plan: PlanId, currency: Currency): Promise<string> {
    const key = priceLookupKey(plan, currency);
    return once(prices, key, async () => {
      const amount = PLANS[plan].monthlyMinor[currency];
      const found = (await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 })).data[0];
      if (found && found.unit_amount === amount && found.currency === currency && found.recurring?.interval === "month") return found.id;
      const created = await stripe.prices.create({
        currency,
        unit_amount: amount,
        recurring: { interval: "month" },
        lookup_key: key,
        // A price whose amount changed in `packages/domain` takes the key over; old subscriptions keep theirs.
        transfer_lookup_key: true,
        product_data: { name: `Latent ${plan.charAt(0).toUpperCase()}${plan.slice(1)}`, metadata: { plan } },
        metadata: { plan },
      });
      return created.id;
    });
  }

  /** The once-only coupon of a percentage, retrieved or created with a stable id (a concurrent creation is fine). */
  function firstInvoiceCoupon(percent: number): Promise<string> {
    const id = firstInvoiceCouponId(percent);
    return once(coupons, percent, async () => {
      try {
        return (await stripe.coupons.retrieve(id)).id;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      try {
        return (await stripe.coupons.create({ id, percent_off: percent, duration: "once", name: `${percent}% off the first invoice` })).id;
      } catch (error) {
        // Another instance created it between our retrieve and create.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_already_exists") return id;
        throw error;
      }
    });
  }

  async function lineItems(input: CheckoutRequest): Promise<Stripe.Checkout.SessionCreateParams.LineItem[]> {
    return Promise.all(
      input.lines.map(async (line) =>
        input.mode === "subscription" && line.plan && line.plan in PLANS
          ? { price: await planPrice(line.plan as PlanId, input.currency), quantity: line.quantity }
          : {
              price_data: { currency: input.currency, unit_amount: line.amount, product_data: { name: line.name } },
              quantity: line.quantity,
            },
      ),
    );
  }

  return {
    name: "stripe",

    async createCustomer({ userId, email }) {
      // A customer of this user left by a checkout that failed after creating it is reused, not duplicated.
      if (email) {
        const known = await stripe.customers.list({ email, limit: 10 });
        const mine = known.data.find((c) => c.metadata?.user_id === userId);
        if (mine) return { id: mine.id };
      }
      const created = await stripe.customers.create({ ...(email ? { email } : {}), metadata: { user_id: userId } });
      return { id: created.id };
    },

    async createCheckout(input) {
      const plan = input.lines.find((l) => l.plan)?.plan ?? null;
      const metadata = { user_id: input.userId, ...(plan ? { plan } : {}) };
      const discount =
        input.mode === "subscription" && input.firstInvoiceDiscountPercent
          ? [{ coupon: await firstInvoiceCoupon(input.firstInvoiceDiscountPercent) }]
          : undefined;
      const session = await stripe.checkout.sessions.create({
        mode: input.mode,
        ...(input.customerId ? { customer: input.customerId } : input.email ? { customer_email: input.email } : {}),
        client_reference_id: input.userId,
        line_items: await lineItems(input),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
        ...(input.mode === "subscription" ? { subscription_data: { metadata: { ...metadata, source: "web" } } } : {}),
        ...(discount ? { discounts: discount } : {}),
        ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
        ...(input.locale && STRIPE_LOCALES[input.locale] ? { locale: STRIPE_LOCALES[input.locale] } : {}),
      });
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    verifyWebhook(rawBody, header): WebhookCheck {
      if (!header) return { ok: false, reason: "missing" };
      // The SDK checks only the age; a delivery stamped ahead of our clock is refused too, as the sandbox does.
      const stamped = Number(/(?:^|,)\s*t=(\d+)/.exec(header)?.[1]);
      if (Number.isInteger(stamped) && stamped - Math.floor(Date.now() / 1000) > WEBHOOK_TOLERANCE_SECONDS)
        return { ok: false, reason: "too-new" };
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, header, deps.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : "invalid" };
      }
      const object = (event.data as { object?: unknown } | undefined)?.object;
      if (
        typeof event.id !== "string" ||
        typeof event.type !== "string" ||
        !Number.isInteger(event.created) ||
        typeof object !== "object" ||
        object === null
      ) {
        return { ok: false, reason: "malformed" };
      }
      return { ok: true, event: { id: event.id, type: event.type, created: event.created, data: { object: normalized(object) } } };
    },

    async expireCheckout(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return "expired";
      } catch (error) {
        // Stripe expires open sessions only: one that is not open says why by its status.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const { status } = await stripe.checkout.sessions.retrieve(id);
        if (status === "expired") return "expired";
        if (status === "complete") return "complete";
        throw error;
      }
    },

    async refundCheckout(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) return;
      try {
        // The key makes a retried refund (a redelivered event) the same refund, not a second one.
        await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `latent-refund-${id}` });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded") return;
        throw error;
      }
    },

    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (error) {
        if (isMissing(error)) return;
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (await stripe.subscriptions.retrieve(id)).status === "canceled")
          return;
        throw error;
      }
    },
  };
}

/**
 * Stripe's objects in the shape `features/purchases` reads (the sandbox's): since API 2025-03-31 an invoice names
 * its subscription under `parent.subscription_details`, not at its top level.
 */
function normalized(object: unknown): ProviderEvent["data"]["object"] {
  const o = object as Record<string, unknown>;
  if (o.object === "invoice" && !o.subscription) {
    const parent = o.parent as { subscription_details?: { subscription?: string | { id: string } | null } } | null | undefined;
    const sub = parent?.subscription_details?.subscription;
    return { ...o, subscription: typeof sub === "string" ? sub : (sub?.id ?? null) };
  }
  return o;
}
