import { z } from "zod";
import { CURRENCIES, PLAN_IDS, type PlanId } from "./plans.ts";

/** Paid plans a checkout can sell; free is what an account has without a subscription. */
export const PAID_PLAN_IDS = PLAN_IDS.filter((id) => id !== "free") as Exclude<PlanId, "free">[];

export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** An amount of money: integer minor units (cents) and its currency. Never a float. */
export const MoneySchema = z.object({
  amount: z.number().int().nonnegative(),
  currency: CurrencySchema,
});
export type Money = z.infer<typeof MoneySchema>;

/** Query of GET purchases/subscriptions. */
export const ListOffersQuerySchema = z.object({ currency: CurrencySchema.default("eur") });
export type ListOffersQuery = z.infer<typeof ListOffersQuerySchema>;

/** One plan on offer (GET purchases/subscriptions), sorted by `price.amount` (spec §3, §7). */
export const PlanOfferSchema = z.object({
  id: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]),
  name: z.string(),
  price: MoneySchema,
  /** The first invoice's price when the caller's email has an unredeemed newsletter discount; else absent. */
  first_invoice_price: MoneySchema.optional(),
  discount_percent: z.number().int().optional(),
  limits: z.object({
    films: z.number().nullable(),
    gear: z.number().nullable(),
    storage_bytes: z.number().nullable(),
    kept_shots: z.number().nullable(),
  }),
  early_news: z.boolean(),
});
export type PlanOffer = z.infer<typeof PlanOfferSchema>;
export const PlanOffersSchema = z.array(PlanOfferSchema);

export const CHECKOUT_MODES = ["subscription", "payment"] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

/** One line of a checkout: a plan id (mode subscription) or a price id of the shop (mode payment). */
export const CheckoutItemSchema = z
  .object({
    price_id: z.string().min(1).max(100).optional(),
    plan: z.string().min(1).max(100).optional(),
    quantity: z.number().int().min(1).max(100).default(1),
  })
  .refine((item) => item.price_id !== undefined || item.plan !== undefined, { message: "price_id or plan is required" });
export type CheckoutItem = z.infer<typeof CheckoutItemSchema>;

/** A relative path of the web app to come back to after the checkout, without a scheme or host. */
const ReturnPathSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9/_-]*$/i, { message: "not valid" });

/** Body of POST purchases/checkout (spec §7). */
export const CheckoutBodySchema = z.object({
  mode: z.enum(CHECKOUT_MODES),
  items: z.array(CheckoutItemSchema).min(1).max(20),
  shipment_id: z.string().max(100).optional(),
  rate: z.string().max(100).optional(),
  return_path: ReturnPathSchema.default("shop"),
  currency: CurrencySchema.default("eur"),
});
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;

/** Answer of POST purchases/checkout: where to send the browser, and the session to confirm after return. */
export const CheckoutSessionSchema = z.object({ url: z.string(), session_id: z.string() });
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled", "incomplete"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Where a subscription was bought: a mobile one blocks plan changes on the web (spec §4); an operator one is a
 * complimentary grant (`npm run admin -- grant-months`) that ends at its period end.
 */
export const SUBSCRIPTION_SOURCES = ["web", "mobile", "operator"] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

/** Query of GET purchases/my-subscriptions. */
export const MySubscriptionsQuerySchema = z.object({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });
export type MySubscriptionsQuery = z.infer<typeof MySubscriptionsQuerySchema>;

/** One of the caller's subscriptions (GET purchases/my-subscriptions; POST purchases/my-subscriptions/{sessionId}). */
export const MySubscriptionSchema = z.object({
  id: z.string(),
  plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]),
  status: z.enum(SUBSCRIPTION_STATUSES),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  source: z.enum(SUBSCRIPTION_SOURCES),
  currency: CurrencySchema,
  /** Monthly amount in minor units. */
  amount: z.number().int(),
});
export type MySubscription = z.infer<typeof MySubscriptionSchema>;
export const MySubscriptionsSchema = z.array(MySubscriptionSchema);

/** Params of POST purchases/my-subscriptions/{sessionId} and GET /purchases/confirm/{sessionId}. */
export const SessionParamsSchema = z.object({ sessionId: z.string().min(1).max(100) });
export type SessionParams = z.infer<typeof SessionParamsSchema>;

/** Answer of POST purchases/portal: the customer portal's address. */
export const PortalSessionSchema = z.object({ url: z.string() });
export type PortalSession = z.infer<typeof PortalSessionSchema>;

export const CHECKOUT_STATUSES = ["open", "complete", "expired"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Query of the public GET /purchases/confirm/{sessionId}: the email the purchase was made with. */
export const ConfirmQuerySchema = z.object({ email: z.email().max(254) });
export type ConfirmQuery = z.infer<typeof ConfirmQuerySchema>;

/** Answer of GET /purchases/confirm/{sessionId}: whether the checkout is paid (the /purchase page polls it). */
export const PurchaseConfirmationSchema = z.object({
  session_id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  paid: z.boolean(),
  mode: z.enum(CHECKOUT_MODES),
  plan: z.enum(PLAN_IDS as [PlanId, ...PlanId[]]).nullable(),
  amount_total: MoneySchema,
});
export type PurchaseConfirmation = z.infer<typeof PurchaseConfirmationSchema>;
