import type { Currency } from "./currency.ts";

const GB = 1024 ** 3;

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

/** Storage limits are whole gigabytes (binary, as the server counts them): "5 GB", "200 GB". */
export function formatStorage(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit: "gigabyte", unitDisplay: "short", maximumFractionDigits: 1 }).format(
    bytes / GB,
  );
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
