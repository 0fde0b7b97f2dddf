import { randomUUID } from "node:crypto";
import { ERRORS } from "@latent/domain/errors";
import { DEFAULT_LOCALE, type Locale } from "@latent/domain/locales";
import { discountedMinor, PLAN_IDS, PLANS, type PlanId } from "@latent/domain/plans";
import {
  type CheckoutBody,
  type CheckoutSession,
  type Currency,
  type MySubscription,
  PAID_PLAN_IDS,
  type PlanOffer,
  type PurchaseConfirmation,
  type SubscriptionStatus,
} from "@latent/domain/purchases";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import { translator } from "../../platform/i18n/translator.ts";
import type { CheckoutRequest, PaymentProvider, ProviderEvent } from "../../platform/payments/payment-provider.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import type { UsersService } from "../users/users.service.ts";
import {
  type CheckoutRow,
  completeCheckout,
  endLiveSubscriptionsOf,
  endOperatorGrants,
  endSubscription,
  expireCheckout,
  findCheckout,
  findCustomer,
  followUpOf,
  insertCheckout,
  insertInvoice,
  listOpenCheckouts,
  listSubscriptions,
  liveSubscriptions,
  otherOpenCheckouts,
  recordEvent,
  type SubscriptionRow,
  saveCustomer,
  setFollowUp,
  upsertSubscription,
  userOfCustomer,
} from "./purchases.store.ts";

export interface PurchasesDeps {
  db: Kysely<Database>;
  payments: PaymentProvider;
  entitlements: Pick<EntitlementsService, "planOf" | "setPlan">;
  newsletter: Pick<NewsletterService, "firstSubscriptionDiscount" | "redeemFirstSubscriptionDiscount">;
  users: Pick<UsersService, "setInactive" | "inactiveSince" | "get">;
  /** The shop, which owns what payment checkouts sell. */
  seller: Seller;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
  now: () => Date;
}

/**
 * What a payment checkout (mode payment, the shop) sells. Purchases owns the checkout and the provider's events; the
 * seller owns the goods: it checks and holds them before the checkout, and learns in the event's transaction that
 * they were paid (or that the checkout expired and the hold can go).
 */
export interface Seller {
  /**
   * Checks the order and holds its stock until `expiresAt`; throws the order's AppError when it cannot be sold.
   * `sold` is what was priced, kept with the checkout and handed back to `paid`: the payment delivers exactly that.
   */
  prepare(
    userId: string,
    body: CheckoutBody,
    expiresAt: Date,
    /** The buyer's language: the lines are named in it for the provider's page and receipt. */
    locale: string,
  ): Promise<{ reference: string; currency: Currency; lines: CheckoutRequest["lines"]; sold: Record<string, unknown> }>;
  /** The checkout made for a prepared order (its hold now belongs to that session). */
  attach(reference: string, sessionId: string): Promise<void>;
  /**
   * The provider says the checkout was paid: in the event's transaction, once per checkout. Answers false when the
   * order can no longer be sold (already paid through another checkout, or gone): that payment is given back.
   */
  paid(tx: Db, order: { reference: string; sessionId: string; userId: string; sold: Record<string, unknown> | null }): Promise<boolean>;
  /** The checkout will never be paid (expired, or its creation failed): the hold goes back. */
  released(tx: Db, order: { reference: string; sessionId: string | null }): Promise<void>;
}

/** How long a payment checkout stays open, and its stock held: just over Stripe's shortest checkout life (30 min). */
export const PAYMENT_CHECKOUT_MINUTES = 31;

/** The caller as purchases needs it: who pays, and the address a newsletter discount belongs to. */
export interface Buyer {
  userId: string;
  email: string | null;
}

// Stripe-shaped objects, read leniently: only the fields the product uses.
// Stryker disable next-line ObjectLiteral: module level, which the vitest runner cannot switch per test.
const PriceSchema = z.looseObject({
  unit_amount: z.number().int().nullish(),
  currency: z.string(),
  lookup_key: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const SubscriptionObjectSchema = z.looseObject({
  id: z.string(),
  customer: z.string(),
  status: z.string(),
  // Stryker disable next-line BooleanLiteral: module level, which the vitest runner cannot switch per test; applied by hand, the no-metadata subscription test fails.
  cancel_at_period_end: z.boolean().default(false),
  current_period_end: z.number().int().nullish(),
  metadata: z.record(z.string(), z.string().nullable()).nullish(),
  items: z.looseObject({
    // Stryker disable next-line ObjectLiteral: module level, which the vitest runner cannot switch per test.
    data: z.array(z.looseObject({ current_period_end: z.number().int().nullish(), price: PriceSchema })).min(1),
  }),
});
// Stryker disable next-line ObjectLiteral: module level, which the vitest runner cannot switch per test.
const CheckoutObjectSchema = z.looseObject({
  id: z.string(),
  payment_status: z.string(),
  subscription: z.string().nullish(),
});
// Stryker disable next-line ObjectLiteral: module level, which the vitest runner cannot switch per test.
const InvoiceObjectSchema = z.looseObject({
  id: z.string(),
  customer: z.string(),
  subscription: z.string().nullish(),
  currency: z.string(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  billing_reason: z.string().nullish(),
  next_payment_attempt: z.number().int().nullish(),
});

/**
 * The one rule for an unpaid renewal (spec §4, inactive): the provider gave up on a renewal invoice. Stripe says so
 * with `next_payment_attempt: null` on the last `invoice.payment_failed` of a cycle (earlier attempts carry the
 * next retry's time; the sandbox sends the last one when "make the next renewal fail" is pressed a second time).
 * The subscription ends there, the account becomes inactive and its plan returns to free.
 */
export function isUnpaidRenewal(invoice: z.infer<typeof InvoiceObjectSchema>): boolean {
  return invoice.billing_reason === "subscription_cycle" && invoice.next_payment_attempt === null && Boolean(invoice.subscription);
}

/** The provider's subscription statuses, in the four the product shows (spec §3). */
const STATUS_OF: Record<string, SubscriptionStatus> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  // Stripe's status once its retries are over: the renewal went unpaid and the plan is gone (see isUnpaidRenewal).
  unpaid: "canceled",
  incomplete: "incomplete",
  incomplete_expired: "canceled",
  // Stryker disable next-line StringLiteral: module level, which the vitest runner cannot switch per test.
  canceled: "canceled",
  paused: "canceled",
};

/** Events the product acts on; any other type is acknowledged and changes nothing (the provider expects a 2xx). */
const HANDLED = new Set([
  "checkout.session.completed",
  // A delayed payment method (SEPA debit, a bank transfer): `completed` came with payment_status unpaid, these say how it ended.
  "checkout.session.async_payment_succeeded",
  // Stryker disable next-line StringLiteral: module level, which the vitest runner cannot switch per test; applied by hand, the held-packs test fails.
  "checkout.session.async_payment_failed",
  // Stryker disable next-line StringLiteral: module level, which the vitest runner cannot switch per test; applied by hand, the held-packs test fails.
  "checkout.session.expired",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

/**
 * What an event still owes outside the database once its transaction committed: kept on the event (`follow_up`)
 * until it is all done, so a failure answers the provider an error and its redelivery does the rest.
 */
interface FollowUp {
  /** The user whose plan follows their live subscriptions now. */
  sync?: string;
  /** The user whose renewal went unpaid: the account becomes inactive. */
  inactive?: string;
  /** Paid checkouts to give back: a second payment of a shipment already paid. */
  refund?: string[];
  /** Checkouts to close at the provider: the others of a shipment just paid. */
  expire?: string[];
  /** Subscriptions to end at the provider: any beyond the first a customer has live. */
  cancel?: string[];
}

const planName = (plan: PlanId) => plan.charAt(0).toUpperCase() + plan.slice(1);
const isPaidPlan = (id: string | undefined): id is (typeof PAID_PLAN_IDS)[number] => PAID_PLAN_IDS.includes(id as never);
// The richer plan wins when a user somehow holds two live subscriptions.
// Stryker disable next-line ArrowFunction: module level, which the vitest runner cannot switch per test; applied by hand, the richer-plan test fails.
const rank = (plan: string) => PLAN_IDS.indexOf(plan as PlanId);

function toMySubscription(row: SubscriptionRow): MySubscription {
  return {
    id: row.id,
    plan: (PLAN_IDS.includes(row.plan as PlanId) ? row.plan : "free") as PlanId,
    status: row.status,
    current_period_end: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    cancel_at_period_end: row.cancel_at_period_end,
    source: row.source,
    currency: row.currency as Currency,
    amount: row.amount,
  };
}

/**
 * Plans for money (issue 9): checkouts and the portal through the payment provider, and the provider's webhook,
 * which is the only thing that changes a plan. Events are applied once each (their id is stored in the transaction
 * of their effect) and in the provider's order per subscription.
 */
export function createPurchasesService(deps: PurchasesDeps) {
  const { db, payments, entitlements, newsletter, users, seller, publicUrl, log, now } = deps;
  // Plan syncs of one user run one after another in this process, so the last event's state is the one that stays.
  const syncing = new Map<string, Promise<void>>();

  /** Gives the user the plan of their live subscription, or free when none is left. */
  function syncPlan(userId: string): Promise<void> {
    const run = (syncing.get(userId) ?? Promise.resolve()).then(async () => {
      const live = await liveSubscriptions(db, userId);
      const plan = (live.map((s) => s.plan).sort((a, b) => rank(b) - rank(a))[0] ?? "free") as PlanId;
      if ((await entitlements.planOf(userId)).id !== plan) await entitlements.setPlan(userId, plan);
      // A paid subscription again (a reactivation's checkout, an operator's grant): the account is active.
      if (plan !== "free") await users.setInactive(userId, null);
    });
    const settled = run.catch(() => {});
    syncing.set(userId, settled);
    // Stryker disable next-line BlockStatement: only tidies the in-process queue of each user's plan updates; skipping it keeps memory, never a reply.
    void settled.then(() => {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: only tidies the in-process queue of each user's plan updates.
      if (syncing.get(userId) === settled) syncing.delete(userId);
    });
    return run;
  }

  /**
   * Applies one verified event in one transaction with its id and what it still owes outside the database; a
   * redelivery answers what the first delivery left owing (nothing once it was all done).
   */
  async function apply(event: ProviderEvent): Promise<FollowUp | null> {
    return db.transaction().execute(async (tx) => {
      if (!(await recordEvent(tx, event))) return (await followUpOf(tx, event.id)) as FollowUp | null;
      const followUp = await effectOf(tx, event);
      // Stryker disable next-line ConditionalExpression: writes null over a follow-up already null on a just-stored event.
      if (followUp) await setFollowUp(tx, event.id, followUp);
      return followUp;
    });
  }

  /** What one event changes, in its transaction; answers what then remains to do outside the database. */
  async function effectOf(tx: Db, event: ProviderEvent): Promise<FollowUp | null> {
    const object = event.data.object;
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const session = CheckoutObjectSchema.parse(object);
        // A delayed payment method completes the checkout unpaid: nothing is sold until its async_payment_succeeded.
        if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") return null;
        const done = await completeCheckout(tx, session.id, session.subscription ?? null, now());
        if (!done) return null;
        // The newsletter discount was on this checkout's first invoice: it is used now, and never again.
        if (done.discount_percent && done.email) await newsletter.redeemFirstSubscriptionDiscount(done.email, tx);
        // Stryker disable next-line ConditionalExpression,LogicalOperator: subscription checkouts never have a reference and payment ones always do.
        if (done.mode !== "payment" || !done.reference) return null;
        const sold = await seller.paid(tx, { reference: done.reference, sessionId: done.id, userId: done.user_id, sold: done.sold });
        if (!sold) {
          // Stryker disable next-line all: only an operator's log line.
          log.warn({ checkout: done.id, reference: done.reference }, "second payment of an order already paid: it is refunded");
          return { refund: [done.id] };
        }
        const others = await otherOpenCheckouts(tx, done.reference, done.id);
        // Stryker disable next-line ConditionalExpression,EqualityOperator: expiring an empty list of checkouts does nothing.
        return others.length > 0 ? { expire: others } : null;
      }
      case "checkout.session.expired":
      case "checkout.session.async_payment_failed": {
        const session = CheckoutObjectSchema.parse(object);
        const expired = await expireCheckout(tx, session.id, now());
        if (expired?.mode === "payment" && expired.reference)
          await seller.released(tx, { reference: expired.reference, sessionId: expired.id });
        return null;
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const s = SubscriptionObjectSchema.parse(object);
        const item = s.items.data[0]!;
        const plan = item.price.metadata?.plan ?? s.metadata?.plan ?? item.price.lookup_key?.split("_")[0];
        const userId = s.metadata?.user_id ?? (await userOfCustomer(tx, s.customer));
        if (!userId || !isPaidPlan(plan ?? undefined)) return null;
        const periodEnd = s.current_period_end ?? item.current_period_end;
        await upsertSubscription(tx, {
          id: s.id,
          user_id: userId,
          plan: plan!,
          status: event.type === "customer.subscription.deleted" ? "canceled" : (STATUS_OF[s.status] ?? "incomplete"),
          source: s.metadata?.source === "mobile" ? "mobile" : "web",
          currency: item.price.currency,
          amount: item.price.unit_amount ?? PLANS[plan as PlanId].monthlyMinor[item.price.currency as Currency] ?? 0,
          current_period_end: periodEnd ? new Date(periodEnd * 1000) : null,
          cancel_at_period_end: s.cancel_at_period_end,
          last_event_created: event.created,
          updated_at: now(),
        });
        // One customer, one charge stream: the first live web subscription stays, any later one (two checkouts
        // paid at once) ends here and at the provider.
        const extra = (await liveSubscriptions(tx, userId))
          .filter((row) => row.source === "web")
          .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id))
          .slice(1);
        for (const row of extra) await endSubscription(tx, row.id, Math.max(event.created, Number(row.last_event_created)), now());
        // Stryker disable next-line all: only an operator's log line.
        if (extra.length > 0) log.warn({ user: userId, ended: extra.map((r) => r.id) }, "second live subscription ended");
        // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty cancel list settles nothing.
        return { sync: userId, ...(extra.length > 0 ? { cancel: extra.map((r) => r.id) } : {}) };
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        const invoice = InvoiceObjectSchema.parse(object);
        const paid = event.type === "invoice.paid";
        const userId = (await userOfCustomer(tx, invoice.customer)) ?? null;
        await insertInvoice(tx, {
          id: invoice.id,
          user_id: userId,
          subscription_id: invoice.subscription ?? null,
          status: paid ? "paid" : "failed",
          currency: invoice.currency,
          amount: paid ? invoice.amount_paid : invoice.amount_due,
        });
        if (paid || !userId || !isUnpaidRenewal(invoice)) return null;
        // A late failure of a renewal a newer event already settled ends nothing and leaves the account active.
        if (!(await endSubscription(tx, invoice.subscription!, event.created, now()))) return null;
        return { inactive: userId, sync: userId };
      }
      // Stryker disable next-line ConditionalExpression: unreachable: only event types with a case pass the handled list.
      default:
        return null;
    }
  }

  /** Does what an event owes outside the database, then marks it done; each step may run again after a failure. */
  async function settle(eventId: string, followUp: FollowUp) {
    for (const id of followUp.expire ?? []) await payments.expireCheckout(id);
    for (const id of followUp.refund ?? []) await payments.refundCheckout(id);
    for (const id of followUp.cancel ?? []) await payments.cancelSubscription(id);
    // Stryker disable next-line ConditionalExpression: marking no user inactive updates no row.
    if (followUp.inactive) await users.setInactive(followUp.inactive, now());
    // Stryker disable next-line ConditionalExpression: a plan update of no user finds no subscription.
    if (followUp.sync) await syncPlan(followUp.sync);
    await setFollowUp(db, eventId, null);
  }

  /**
   * Closes the user's checkouts still open (of a mode; of one shipment for payments) at the provider and here, so
   * only the newest can be paid. Answers false when one of them was paid meanwhile and could not be closed.
   */
  async function closeOpenCheckouts(userId: string, mode: CheckoutBody["mode"], reference?: string): Promise<boolean> {
    for (const open of await listOpenCheckouts(db, userId, mode, reference)) {
      if ((await payments.expireCheckout(open.id)) === "complete") return false;
      await db.transaction().execute(async (tx) => {
        const expired = await expireCheckout(tx, open.id, now());
        if (expired?.mode === "payment" && expired.reference)
          await seller.released(tx, { reference: expired.reference, sessionId: expired.id });
      });
    }
    return true;
  }

  /** The language the buyer reads the app in (their profile's): the provider's page and receipt speak it. */
  async function localeOf(buyer: Buyer): Promise<Locale> {
    return (await users.get(buyer.userId)).locale ?? DEFAULT_LOCALE;
  }

  /** The customer of a buyer at the provider, made on their first checkout. */
  async function customerOf(buyer: Buyer) {
    const known = await findCustomer(db, buyer.userId);
    return known?.provider_customer_id ?? (await saveCustomer(db, buyer.userId, (await payments.createCustomer(buyer)).id, buyer.email));
  }

  /**
   * A one-off checkout for the shop (mode payment): the seller checks the order and holds its stock for as long as
   * the checkout lives; the order is marked paid only by the provider's `checkout.session.completed`.
   */
  async function payment(buyer: Buyer, body: CheckoutBody): Promise<CheckoutSession> {
    if (!body.shipment_id || !body.rate)
      throw new AppError("bad-request", "shipment_id and rate are required for a payment", {
        ...(body.shipment_id ? {} : { shipment_id: "required" }),
        ...(body.rate ? {} : { rate: "required" }),
      });
    // One shipment, one checkout that can be paid: an earlier one (another tab, a return from the provider) closes.
    if (!(await closeOpenCheckouts(buyer.userId, "payment", body.shipment_id))) throw new AppError("shipment-checkout-open");
    const expiresAt = new Date(now().getTime() + PAYMENT_CHECKOUT_MINUTES * 60_000);
    const locale = await localeOf(buyer);
    const order = await seller.prepare(buyer.userId, body, expiresAt, locale);
    try {
      const customerId = await customerOf(buyer);
      const back = `${publicUrl}/u/${body.return_path}`;
      const session = await payments.createCheckout({
        mode: "payment",
        customerId,
        email: buyer.email,
        userId: buyer.userId,
        locale,
        currency: order.currency,
        lines: order.lines,
        firstInvoiceDiscountPercent: null,
        successUrl: `${back}?sessionId={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${back}?canceled=1`,
        expiresAt,
      });
      const amount = order.lines.reduce((sum, l) => sum + l.amount * l.quantity, 0);
      await insertCheckout(db, {
        id: session.id,
        user_id: buyer.userId,
        email: buyer.email,
        mode: "payment",
        plan: null,
        currency: order.currency,
        amount,
        first_amount: amount,
        discount_percent: null,
        reference: order.reference,
        sold: JSON.stringify(order.sold),
      });
      await seller.attach(order.reference, session.id);
      return { url: session.url, session_id: session.id };
    } catch (err) {
      await seller.released(db, { reference: order.reference, sessionId: null });
      throw err;
    }
  }

  const service = {
    /** The plans with their monthly price in a currency, cheapest first, with the caller's first-invoice discount. */
    async offers(currency: Currency, email: string | null): Promise<PlanOffer[]> {
      const discount = await newsletter.firstSubscriptionDiscount(email);
      const offers = PLAN_IDS.map((id): PlanOffer => {
        const plan = PLANS[id];
        const amount = plan.monthlyMinor[currency];
        return {
          id,
          name: planName(id),
          price: { amount, currency },
          ...(discount && amount > 0
            ? { first_invoice_price: { amount: discountedMinor(amount, discount), currency }, discount_percent: discount }
            : {}),
          limits: { films: plan.maxFilms, gear: plan.maxGear, storage_bytes: plan.maxStorageBytes, kept_shots: plan.maxKeptShots },
          early_news: plan.earlyNews,
        };
      });
      // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: the plans are listed in price order already, in every currency.
      return offers.sort((a, b) => a.price.amount - b.price.amount);
    },

    /** Whether a paid subscription (web or mobile, not an operator's grant) still charges the user. */
    async hasPaidSubscription(userId: string) {
      return (await liveSubscriptions(db, userId)).some((s) => s.source !== "operator");
    },

    /**
     * Closes the open checkouts of one of the user's shipments before it changes, so none can pay for lines it no
     * longer has; false when one was paid meanwhile.
     */
    closePaymentCheckouts(userId: string, reference: string) {
      return closeOpenCheckouts(userId, "payment", reference);
    },

    /** Starts a checkout for a paid plan; the plan itself changes only when the provider's webhook says it is paid. */
    async checkout(buyer: Buyer, body: CheckoutBody): Promise<CheckoutSession> {
      if (body.mode === "payment") return payment(buyer, body);
      if (body.items.length !== 1) throw new AppError("no-subscriptions-found");
      const item = body.items[0]!;
      const plan = item.plan ?? item.price_id;
      if (!isPaidPlan(plan)) throw new AppError("no-subscriptions-found");
      if (item.quantity !== 1) throw new AppError("bad-request", `items.0.quantity: ${ERRORS["not-valid"].message}`);
      const live = await liveSubscriptions(db, buyer.userId);
      if (live.some((s) => s.source === "mobile")) throw new AppError("subscription-in-mobile-app");
      if (live.length > 0) throw new AppError("already-subscribed");
      // One customer, one subscription: a checkout opened before (another plan, another tab) can no longer be paid.
      if (!(await closeOpenCheckouts(buyer.userId, "subscription"))) throw new AppError("already-subscribed");

      const discount = await newsletter.firstSubscriptionDiscount(buyer.email);
      const customerId = await customerOf(buyer);
      const amount = PLANS[plan].monthlyMinor[body.currency];
      const back = `${publicUrl}/u/${body.return_path}`;
      const locale = await localeOf(buyer);
      const session = await payments.createCheckout({
        mode: "subscription",
        customerId,
        email: buyer.email,
        userId: buyer.userId,
        locale,
        currency: body.currency,
        lines: [{ name: translator(locale, "catalogue")(`plans.${plan}`), amount, quantity: 1, plan }],
        firstInvoiceDiscountPercent: discount,
        successUrl: `${back}?sessionId={CHECKOUT_SESSION_ID}`,
        cancelUrl: back,
      });
      await insertCheckout(db, {
        id: session.id,
        user_id: buyer.userId,
        email: buyer.email,
        mode: "subscription",
        plan,
        currency: body.currency,
        amount,
        first_amount: discount ? discountedMinor(amount, discount) : amount,
        discount_percent: discount,
      });
      return { url: session.url, session_id: session.id };
    },

    /** The caller's subscriptions, newest first; 404 'No subscriptions found' when there are none (spec §8). */
    async mine(userId: string, status?: SubscriptionStatus): Promise<MySubscription[]> {
      const rows = await listSubscriptions(db, userId, status);
      if (rows.length === 0) throw new AppError("no-subscriptions-found");
      return rows.map(toMySubscription);
    },

    /** After the return from checkout: the subscription it started once the webhook applied it, else 422 (the web polls). */
    async confirm(userId: string, sessionId: string): Promise<MySubscription> {
      const checkout = await findCheckout(db, sessionId);
      if (!checkout || checkout.user_id !== userId) throw new AppError("no-subscriptions-found");
      // Stryker disable next-line ConditionalExpression,LogicalOperator: subscription_id is set only with paid, and a null id matches no row: the next lines answer the same 422.
      if (!checkout.paid || !checkout.subscription_id) throw new AppError("payment-not-completed");
      const row = (await listSubscriptions(db, userId)).find((s) => s.id === checkout.subscription_id);
      if (!row) throw new AppError("payment-not-completed");
      return toMySubscription(row);
    },

    /** The public confirmation of a checkout, for whoever knows its session id and the email it was paid with. */
    async publicConfirmation(sessionId: string, email: string): Promise<PurchaseConfirmation> {
      const checkout: CheckoutRow | undefined = await findCheckout(db, sessionId);
      if (!checkout?.email || checkout.email.toLowerCase() !== email.toLowerCase()) throw new AppError("not-found");
      return {
        session_id: checkout.id,
        status: checkout.status,
        paid: checkout.paid,
        mode: checkout.mode,
        plan: isPaidPlan(checkout.plan ?? undefined) ? (checkout.plan as PlanId) : null,
        amount_total: { amount: checkout.first_amount, currency: checkout.currency as Currency },
      };
    },

    /** The provider's customer portal for the caller; 404 'No subscriptions found' before any checkout. */
    async portal(userId: string): Promise<{ url: string }> {
      const customer = await findCustomer(db, userId);
      if (!customer) throw new AppError("no-subscriptions-found");
      return payments.createPortalSession({ customerId: customer.provider_customer_id, returnUrl: `${publicUrl}/u/shop/subscriptions` });
    },

    /**
     * One webhook delivery, over its raw bytes: refused unless signed by the provider within 5 minutes; applied
     * once per event id; a type it does not handle is refused (webhook-event-unknown, 400: the endpoint subscribes only
     * to the types it handles, so another one is a misconfiguration to see) and changes nothing. Then what it owes
     * outside the database (the plan, a refund, a cancellation) is done; when that fails the answer is 503
     * `webhook-effect-pending`, and the provider's redelivery does it again.
     */
    async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const check = payments.verifyWebhook(rawBody, signature);
      if (!check.ok) throw new AppError("webhook-signature-invalid");
      if (!HANDLED.has(check.event.type))
        throw new AppError("webhook-event-unknown", `Unhandled event type: ${check.event.type.slice(0, 80)}`);
      let followUp: FollowUp | null;
      try {
        followUp = await apply(check.event);
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: nothing inside the event's transaction throws an app error: any other error is a 500 either way.
        if (error instanceof z.ZodError)
          // Stryker disable next-line OptionalChaining,StringLiteral: a ZodError holds at least one issue, with its message.
          throw new AppError("bad-request", `${check.event.type}: ${error.issues[0]?.message ?? "not valid"}`);
        throw error;
      }
      if (!followUp) return;
      try {
        await settle(check.event.id, followUp);
      } catch (err) {
        // The event stays recorded with what it still owes; the provider redelivers on the error and that finishes it.
        // Stryker disable next-line all: only an operator's log line.
        log.warn({ err, event: check.event.id, type: check.event.type }, "payment event follow-up failed: waiting for its redelivery");
        throw new AppError("webhook-effect-pending");
      }
    },

    /**
     * `POST user/reactivate` (spec §7): a checkout for the plan of the user's last subscription (artist when none is
     * known), in its currency; paying it gives the plan back and ends the inactivity through the webhook, as any
     * purchase. Refused on an active account (`account-not-inactive`).
     */
    async reactivate(buyer: Buyer): Promise<{ url: string }> {
      if (!(await users.inactiveSince(buyer.userId))) throw new AppError("account-not-inactive");
      const last = (await listSubscriptions(db, buyer.userId))[0];
      const plan = last && isPaidPlan(last.plan) ? last.plan : "artist";
      const currency = (last?.currency ?? "eur") as Currency;
      const { url } = await service.checkout(buyer, {
        // Stryker disable next-line StringLiteral: checkout() takes the subscription path for every mode but payment and never reads it again.
        mode: "subscription",
        items: [{ plan, quantity: 1 }],
        return_path: "profile",
        currency,
      });
      return { url };
    },

    /**
     * A complimentary subscription of `months` from the operator (`npm run admin -- grant-months`): a live row with
     * source "operator" and a period end, the plan through entitlements; `expireGrants` ends it after that.
     */
    async grantMonths(userId: string, plan: (typeof PAID_PLAN_IDS)[number], months: number) {
      const start = now();
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + months);
      await upsertSubscription(db, {
        id: `op_${randomUUID()}`,
        user_id: userId,
        plan,
        status: "active",
        source: "operator",
        currency: "eur",
        amount: 0,
        current_period_end: end,
        cancel_at_period_end: true,
        // Stryker disable next-line ArithmeticOperator: guards later provider events on the same id, and no provider event names an op_ row.
        last_event_created: Math.floor(start.getTime() / 1000),
        updated_at: start,
      });
      await syncPlan(userId);
      return end;
    },

    /**
     * A subscription bought in the mobile app, as its store reports it (spec §4): it gives its plan and blocks plan
     * changes on the web until it is cancelled in the app. The stores' notifications cannot reach this service yet,
     * so the operator records both ends with `npm run admin -- mobile-subscription|mobile-cancel`.
     */
    async recordMobileSubscription(userId: string, plan: (typeof PAID_PLAN_IDS)[number]) {
      const at = now();
      if ((await liveSubscriptions(db, userId)).some((s) => s.source !== "operator")) throw new AppError("already-subscribed");
      await upsertSubscription(db, {
        id: `mobile_${randomUUID()}`,
        user_id: userId,
        plan,
        status: "active",
        source: "mobile",
        currency: "eur",
        amount: PLANS[plan].monthlyMinor.eur,
        current_period_end: null,
        cancel_at_period_end: false,
        // Stryker disable next-line ArithmeticOperator: guards later provider events on the same id, and no provider event names a mobile_ row.
        last_event_created: Math.floor(at.getTime() / 1000),
        updated_at: at,
      });
      await syncPlan(userId);
    },

    /** The app's store says the mobile subscription ended: the web may change plans again. */
    async endMobileSubscription(userId: string) {
      const ended = await endLiveSubscriptionsOf(db, userId, "mobile", now());
      if (ended) await syncPlan(userId);
      return ended;
    },

    /** The daily run: the operator's grants past their period end stop giving their plan. */
    async expireGrants(at = now()) {
      for (const userId of await endOperatorGrants(db, at)) await syncPlan(userId);
    },
  };
  return service;
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
