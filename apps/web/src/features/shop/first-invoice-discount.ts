import type { Money, PlanOffer } from "@latent/domain/purchases";

/**
 * The newsletter discount to show on a plan (spec §1, §9): only when the API priced the caller's first invoice
 * below the monthly price (an unredeemed discount on their address), never guessed by the web app.
 */
export function firstInvoiceDiscount(offer: PlanOffer | undefined): { price: Money; percent: number } | null {
  const first = offer?.first_invoice_price;
  if (!offer || !first || first.amount >= offer.price.amount) return null;
  return { price: first, percent: offer.discount_percent ?? Math.round(100 - (first.amount * 100) / offer.price.amount) };
}
