import type { Locale } from "@latent/domain/locales";
import type { CheckoutMode, Currency } from "@latent/domain/purchases";

/** What a checkout sells: a monthly plan (mode subscription) or one-off lines (mode payment, the shop). */
export interface CheckoutRequest {
  mode: CheckoutMode;
  /** The provider's customer (from `createCustomer`). */
  customerId: string;
  email: string | null;
  /** Our user id, returned in the events as `client_reference_id` and in the subscription's metadata. */
  userId: string;
  /** The buyer's language (`lines` are named in it): the provider's page speaks it when it can. */
  locale?: Locale;
  currency: Currency;
  lines: { name: string; amount: number; quantity: number; plan?: string }[];
  /** Percent off the first invoice only (the newsletter's first-subscription discount). */
  firstInvoiceDiscountPercent: number | null;
  successUrl: string;
  cancelUrl: string;
  /** When the checkout stops taking payment (mode payment: the shop holds the stock until then). */
  expiresAt?: Date;
}

/**
 * A Stripe-shaped event, as delivered to the webhook: `created` is the provider's clock (unix seconds) and orders
 * the events of one subscription; `data.object` is read by the purchases feature.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export type WebhookCheck = { ok: true; event: ProviderEvent } | { ok: false; reason: string };

/** The card payment provider's port: the sandbox (the embedded default) or Stripe, chosen by configuration. */
export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  createCustomer(input: { userId: string; email: string | null }): Promise<{ id: string }>;
  /** Starts a hosted checkout; the browser is sent to `url`. */
  createCheckout(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The hosted customer portal (card, invoices, cancel, change plan) for one customer. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Checks a webhook delivery over its raw bytes (signature, age) and parses its event. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookCheck;
  /**
   * Closes an open checkout so it can no longer be paid (and sends its `checkout.session.expired`). Answers "expired"
   * when it is closed (now or before), "complete" when it was paid, or is being paid, and so can no longer close.
   */
  expireCheckout(checkoutId: string): Promise<"expired" | "complete">;
  /** Gives back the whole payment of a paid one-off checkout (mode payment); a second call changes nothing. */
  refundCheckout(checkoutId: string): Promise<void>;
  /** Ends a subscription now, with no further charge; an already ended one stays ended. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}
