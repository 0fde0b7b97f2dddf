import { createHmac, randomBytes } from "node:crypto";
import { DEFAULT_LOCALE } from "@latent/domain/locales";
import { discountedMinor, PLAN_IDS, PLANS, type PlanId } from "@latent/domain/plans";
import type { CheckoutMode, Currency } from "@latent/domain/purchases";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { CheckoutRequest, PaymentProvider, ProviderEvent, WebhookCheck } from "./payment-provider.ts";
import { sandboxReceipt } from "./sandbox-receipt.ts";
import { findSandboxObject, listSandboxObjects, moveSandboxCheckout, saveSandboxObject } from "./sandbox-store.ts";
import { checkWebhookSignature, signWebhook } from "./webhook-signature.ts";

/** Stripe's test cards, with the same outcomes (spec: one succeeds, one is declined, one needs a second step). */
export const SANDBOX_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  authentication: "4000002760003184",
} as const;

const MONTH_SECONDS = 30 * 86_400;

export interface SandboxCheckout {
  id: string;
  customer: string;
  user_id: string;
  email: string | null;
  mode: CheckoutMode;
  currency: Currency;
  lines: CheckoutRequest["lines"];
  discount_percent: number | null;
  /** Integer minor units: the first invoice (discount applied) and each one after it. */
  amount_first: number;
  amount_recurring: number;
  success_url: string;
  cancel_url: string;
  status: "open" | "requires_action" | "paying" | "complete" | "expired";
  /** Unix seconds after which it takes no payment (a shop checkout); null: open until paid. */
  expires_at?: number | null /** A paid one-off checkout whose payment was given back (`refundCheckout`). */;
  refunded?: boolean;
}

export interface SandboxSubscription {
  id: string;
  customer: string;
  user_id: string;
  plan: PlanId;
  currency: Currency;
  amount: number;
  status: "active" | "past_due" | "canceled";
  current_period_end: number;
  cancel_at_period_end: boolean;
}

interface SandboxPortal {
  id: string;
  customer: string;
  return_url: string;
  expires_at: number;
}

export type PayOutcome = "succeeded" | "declined" | "requires-action" | "incorrect-number" | "closed";
export type PortalAction = "cancel" | "resume" | "change-plan" | "end-period" | "fail-renewal";

/** The sandbox's webhook secret: derived from the server's own stored secret, so every instance signs alike. */
export function sandboxWebhookSecret(serverSecret: string): string {
  return `whsec_${createHmac("sha256", serverSecret).update("payments.sandbox.webhook").digest("base64url")}`;
}

export interface SandboxDeps {
  db: Kysely<Database>;
  /** The server's stored secret (SECRET_KEY or the generated one). */
  secret: string;
  publicUrl: string;
  /** Posts a signed delivery to the webhook route (the same route the real provider calls); answers its status. */
  deliver(rawBody: string, signature: string): Promise<number>;
  /** Sends each paid checkout's receipt, as Stripe mails its own. */
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * The embedded payment provider: Latent's own test-mode checkout and portal pages (`sandbox-pages.ts`) and
 * Stripe-shaped events signed like Stripe's, so everything after the provider runs as it will in production.
 * No money moves.
 */
export function createSandboxProvider(deps: SandboxDeps) {
  const { db, publicUrl, log } = deps;
  const now = deps.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const webhookSecret = sandboxWebhookSecret(deps.secret);
  const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(16).toString("base64url").replace(/[-_]/g, "x")}`;

  /** Sends events one after another, in order, as the provider's clock stamps them. */
  async function send(type: string, object: object) {
    const event: ProviderEvent = { id: newId("evt"), type, created: nowSeconds(), data: { object: object as Record<string, unknown> } };
    const body = JSON.stringify({ ...event, object: "event", livemode: false });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const status = await deps.deliver(body, signWebhook(body, webhookSecret, nowSeconds())).catch(() => 0);
      if (status >= 200 && status < 300) return;
      log.warn({ event: event.id, type, status, attempt }, "sandbox webhook delivery failed");
    }
  }

  const subscriptionObject = (s: SandboxSubscription) => ({
    id: s.id,
    object: "subscription",
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancel_at_period_end,
    current_period_end: s.current_period_end,
    currency: s.currency,
    metadata: { user_id: s.user_id, plan: s.plan, source: "web" },
    items: {
      data: [
        {
          current_period_end: s.current_period_end,
          price: {
            id: `price_sandbox_${s.plan}_${s.currency}`,
            lookup_key: `${s.plan}_monthly_${s.currency}`,
            unit_amount: s.amount,
            currency: s.currency,
            recurring: { interval: "month" },
            metadata: { plan: s.plan },
          },
        },
      ],
    },
  });

  const invoiceObject = (s: SandboxSubscription, status: "paid" | "open", amount: number, reason: string) => ({
    id: newId("in"),
    object: "invoice",
    customer: s.customer,
    subscription: s.id,
    status,
    billing_reason: reason,
    currency: s.currency,
    amount_due: amount,
    amount_paid: status === "paid" ? amount : 0,
    metadata: { user_id: s.user_id },
  });

  /** The card was accepted: the checkout completes, the subscription starts, the first invoice is paid. */
  async function complete(checkout: SandboxCheckout, locale: string) {
    const plan = checkout.lines[0]?.plan as PlanId | undefined;
    let subscription: SandboxSubscription | null = null;
    if (checkout.mode === "subscription" && plan) {
      subscription = {
        id: newId("sub"),
        customer: checkout.customer,
        user_id: checkout.user_id,
        plan,
        currency: checkout.currency,
        amount: checkout.amount_recurring,
        status: "active",
        current_period_end: nowSeconds() + MONTH_SECONDS,
        cancel_at_period_end: false,
      };
      await saveSandboxObject(db, "subscription", subscription.id, subscription);
    }
    await saveSandboxObject(db, "checkout", checkout.id, { ...checkout, status: "complete" });
    await send("checkout.session.completed", {
      id: checkout.id,
      object: "checkout.session",
      mode: checkout.mode,
      status: "complete",
      payment_status: "paid",
      customer: checkout.customer,
      customer_email: checkout.email,
      client_reference_id: checkout.user_id,
      subscription: subscription?.id ?? null,
      amount_total: checkout.amount_first,
      currency: checkout.currency,
      metadata: { user_id: checkout.user_id, plan: plan ?? null },
    });
    if (subscription) {
      await send("customer.subscription.created", subscriptionObject(subscription));
      await send("invoice.paid", invoiceObject(subscription, "paid", checkout.amount_first, "subscription_create"));
    }
    // The payment stands whether or not its receipt goes out: a mail that fails is logged, not the payment undone.
    if (checkout.email) {
      await deps.mailer
        .send(sandboxReceipt({ ...checkout, email: checkout.email }, locale, now()))
        .catch((err: unknown) => log.warn({ err, checkout: checkout.id }, "sandbox: the receipt mail could not be sent"));
    }
  }

  async function livePortal(token: string) {
    const portal = await findSandboxObject<SandboxPortal>(db, "portal", token);
    return portal && portal.expires_at > nowSeconds() ? portal : undefined;
  }

  const provider: PaymentProvider = {
    name: "sandbox",

    async createCustomer({ userId, email }) {
      const id = newId("cus");
      await saveSandboxObject(db, "customer", id, { id, user_id: userId, email });
      return { id };
    },

    async createCheckout(input) {
      const id = newId("cs");
      const total = input.lines.reduce((sum, l) => sum + l.amount * l.quantity, 0);
      // As Stripe's coupons here: a first-invoice discount exists only for subscriptions.
      const percent = input.mode === "subscription" ? input.firstInvoiceDiscountPercent : null;
      const checkout: SandboxCheckout = {
        id,
        customer: input.customerId,
        user_id: input.userId,
        email: input.email,
        mode: input.mode,
        currency: input.currency,
        lines: input.lines,
        discount_percent: percent,
        amount_first: percent ? discountedMinor(total, percent) : total,
        amount_recurring: total,
        success_url: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancel_url: input.cancelUrl,
        status: "open",
        expires_at: input.expiresAt ? Math.floor(input.expiresAt.getTime() / 1000) : null,
      };
      await saveSandboxObject(db, "checkout", id, checkout);
      return { id, url: `${publicUrl}/sandbox/checkout/${id}` };
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = randomBytes(24).toString("base64url");
      await saveSandboxObject(db, "portal", id, { id, customer: customerId, return_url: returnUrl, expires_at: nowSeconds() + 3600 });
      return { url: `${publicUrl}/sandbox/portal/${id}` };
    },

    verifyWebhook(rawBody, header): WebhookCheck {
      const problem = checkWebhookSignature(rawBody, header, webhookSecret, nowSeconds());
      if (problem) return { ok: false, reason: problem };
      try {
        const event = JSON.parse(rawBody.toString("utf8")) as ProviderEvent;
        if (
          typeof event?.id !== "string" ||
          typeof event.type !== "string" ||
          !Number.isInteger(event.created) ||
          typeof event.data?.object !== "object"
        ) {
          return { ok: false, reason: "malformed" };
        }
        return { ok: true, event };
      } catch {
        return { ok: false, reason: "malformed" };
      }
    },

    async expireCheckout(id) {
      if (await expire(id)) return "expired";
      const status = (await findSandboxObject<SandboxCheckout>(db, "checkout", id))?.status;
      return status === "complete" || status === "paying" ? "complete" : "expired";
    },

    async refundCheckout(id) {
      const checkout = await findSandboxObject<SandboxCheckout>(db, "checkout", id);
      if (checkout?.status !== "complete" || checkout.mode !== "payment" || checkout.refunded) return;
      await saveSandboxObject(db, "checkout", id, { ...checkout, refunded: true });
      log.info({ checkout: id, amount: checkout.amount_first }, "sandbox checkout refunded");
    },

    async cancelSubscription(id) {
      const s = await findSandboxObject<SandboxSubscription>(db, "subscription", id);
      if (!s || s.status === "canceled") return;
      s.status = "canceled";
      await saveSandboxObject(db, "subscription", s.id, s);
      await send("customer.subscription.deleted", subscriptionObject(s));
    },
  };

  return {
    provider,

    /** The checkout as its page shows it; undefined for an unknown id. */
    checkout: (id: string) => findSandboxObject<SandboxCheckout>(db, "checkout", id),

    /** Pays an open checkout with a card number (spaces allowed) and answers what the page shows next. */
    async pay(id: string, cardNumber: string, locale: string = DEFAULT_LOCALE): Promise<PayOutcome> {
      if (await expireIfDue(id)) return "closed";
      const card = cardNumber.replace(/[\s-]/g, "");
      if (card === SANDBOX_CARDS.declined) return (await isOpen(id)) ? "declined" : "closed";
      if (card !== SANDBOX_CARDS.success && card !== SANDBOX_CARDS.authentication) {
        return (await isOpen(id)) ? "incorrect-number" : "closed";
      }
      if (card === SANDBOX_CARDS.authentication) {
        return (await moveSandboxCheckout(db, id, ["open", "requires_action"], "requires_action")) ? "requires-action" : "closed";
      }
      const checkout = await moveSandboxCheckout<SandboxCheckout>(db, id, ["open"], "paying");
      if (!checkout) return "closed";
      await complete(checkout, locale);
      return "succeeded";
    },

    /** The second step of the authentication card: approve completes the payment, refuse declines it. */
    async authenticate(id: string, approve: boolean, locale: string = DEFAULT_LOCALE): Promise<PayOutcome> {
      if (!approve) return (await moveSandboxCheckout(db, id, ["requires_action"], "open")) ? "declined" : "closed";
      const checkout = await moveSandboxCheckout<SandboxCheckout>(db, id, ["requires_action"], "paying");
      if (!checkout) return "closed";
      await complete(checkout, locale);
      return "succeeded";
    },

    /** The portal's customer and subscriptions; undefined for an unknown or expired token. */
    async portal(token: string) {
      const portal = await livePortal(token);
      if (!portal) return undefined;
      const subscriptions = await listSandboxObjects<SandboxSubscription>(db, "subscription", portal.customer);
      return { returnUrl: portal.return_url, subscriptions };
    },

    /** What the portal's buttons do, each followed by the events the provider would send. */
    async portalAction(token: string, action: PortalAction, subscriptionId: string, plan?: string): Promise<boolean> {
      const portal = await livePortal(token);
      const s = await findSandboxObject<SandboxSubscription>(db, "subscription", subscriptionId);
      if (!portal || !s || s.customer !== portal.customer || s.status === "canceled") return false;
      if (action === "cancel" || action === "resume") {
        s.cancel_at_period_end = action === "cancel";
      } else if (action === "change-plan") {
        if (!plan || !PLAN_IDS.includes(plan as PlanId) || plan === "free" || plan === s.plan) return false;
        s.plan = plan as PlanId;
        s.amount = PLANS[s.plan].monthlyMinor[s.currency];
      } else if (action === "end-period") {
        // Test mode only: the period ends now, as it would a month later.
        if (s.cancel_at_period_end) {
          s.status = "canceled";
          await saveSandboxObject(db, "subscription", s.id, s);
          await send("customer.subscription.deleted", subscriptionObject(s));
          return true;
        }
        s.current_period_end += MONTH_SECONDS;
        s.status = "active";
        await saveSandboxObject(db, "subscription", s.id, s);
        await send("invoice.paid", invoiceObject(s, "paid", s.amount, "subscription_cycle"));
        await send("customer.subscription.updated", subscriptionObject(s));
        return true;
      } else if (action === "fail-renewal") {
        // The first failure leaves a retry in three days (past_due); failing again is the last attempt, after which
        // Stripe (set to cancel once retries are over) sends `next_payment_attempt: null` and deletes the subscription.
        const last = s.status === "past_due";
        s.status = last ? "canceled" : "past_due";
        await saveSandboxObject(db, "subscription", s.id, s);
        const failed = {
          ...invoiceObject(s, "open", s.amount, "subscription_cycle"),
          next_payment_attempt: last ? null : nowSeconds() + 3 * 86_400,
        };
        await send("invoice.payment_failed", failed);
        await send(last ? "customer.subscription.deleted" : "customer.subscription.updated", subscriptionObject(s));
        return true;
      }
      await saveSandboxObject(db, "subscription", s.id, s);
      await send("customer.subscription.updated", subscriptionObject(s));
      return true;
    },
  };

  /** A checkout past its time expires, as Stripe's do, with the event that lets the shop give its stock back. */
  async function expireIfDue(id: string) {
    const checkout = await findSandboxObject<SandboxCheckout>(db, "checkout", id);
    if (!checkout?.expires_at || checkout.expires_at > nowSeconds()) return false;
    await expire(id);
    return true;
  }

  /** Closes a checkout still open, once (a payment under way has moved it on); answers whether this call closed it. */
  async function expire(id: string) {
    const expired = await moveSandboxCheckout<SandboxCheckout>(db, id, ["open", "requires_action"], "expired");
    if (expired)
      await send("checkout.session.expired", {
        id,
        object: "checkout.session",
        mode: expired.mode,
        status: "expired",
        payment_status: "unpaid",
      });
    return Boolean(expired);
  }

  async function isOpen(id: string) {
    const c = await findSandboxObject<SandboxCheckout>(db, "checkout", id);
    return c?.status === "open" || c?.status === "requires_action";
  }
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
