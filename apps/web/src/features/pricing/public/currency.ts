import { CURRENCIES, type Currency } from "@latent/domain/plans";
import { useCallback, useState } from "react";

/**
 * localStorage key of the visitor's subscription choices (spec §3 "persisted local keys"). It holds an object so the
 * shop's subscriptions screen can keep more choices next to the currency; writes keep what else is there.
 */
export const SUBSCRIPTIONS_STORAGE_KEY = "subscriptions";

/** Prices show in euros until the visitor picks dollars: the service and its storage are in the EU. */
const DEFAULT_CURRENCY: Currency = "eur";

/** Everything remembered under the `subscriptions` key (the currency, a checkout under way). */
export function storedChoices(): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SUBSCRIPTIONS_STORAGE_KEY) ?? "null");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Remembers one choice under the `subscriptions` key, keeping the others; `undefined` forgets it. */
export function rememberChoice(name: string, value: unknown) {
  localStorage.setItem(SUBSCRIPTIONS_STORAGE_KEY, JSON.stringify({ ...storedChoices(), [name]: value }));
}

export function storedCurrency(): Currency {
  const { currency } = storedChoices();
  return CURRENCIES.find((c) => c === currency) ?? DEFAULT_CURRENCY;
}

/** The currency prices are shown in, and a setter that remembers the choice in this browser. */
export function useCurrency() {
  const [currency, setState] = useState<Currency>(storedCurrency);
  const setCurrency = useCallback((next: Currency) => {
    setState(next);
    rememberChoice("currency", next);
  }, []);
  return { currency, setCurrency };
}
