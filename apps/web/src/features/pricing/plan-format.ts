import type { Currency } from "./currency.ts";

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

/** The price after a percentage off, rounded to the cent. */
export function discounted(amount: number, percent: number): number {
  return Math.round(amount * (100 - percent)) / 100;
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
