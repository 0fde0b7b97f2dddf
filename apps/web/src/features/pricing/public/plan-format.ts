import type { Currency } from "@latent/domain/plans";

/** A monthly price in the visitor's language: "€4.99", "4,99 €", "$5.49"; whole amounts without decimals. */
export function formatPrice(amount: number, currency: Currency, locale: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

/**
 * An amount in integer minor units (cents, as the API and the domain's `monthlyMinor` give it) in the visitor's
 * language: 499 → "€4.99"; whole amounts without decimals. The currency's own number of decimals says where the
 * point goes, so the amount is never computed with in floating point, only written.
 */
export function formatMinorPrice(amount: number, currency: Currency, locale: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  return formatPrice(amount / 10 ** digits, currency, locale);
}

/** The price after a percentage off, rounded to the cent. */
export function discounted(amount: number, percent: number): number {
  return Math.round(amount * (100 - percent)) / 100;
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
