import { readFileSync } from "node:fs";
import { LOCALES } from "@latent/domain/locales";
import { describe, expect, it } from "vitest";
import { inactiveDueText } from "./inactive-due-text.ts";

const profileTexts = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/profile.json`, import.meta.url), "utf8")).inactive as Record<string, string>;
const translator = (locale: string) => {
  const texts = profileTexts(locale);
  return (key: string, options: Record<string, string> = {}) =>
    texts[key.replace("inactive.", "")]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? "");
};

const since = new Date(2026, 0, 10, 12).toISOString();
const EXPECTED = {
  "en-US": ["today", "tomorrow", "on February 9, 2026"],
  "es-ES": ["hoy", "mañana", "el 9 de febrero de 2026"],
  "fr-FR": ["aujourd'hui", "demain", "le 9 février 2026"],
  "it-IT": ["oggi", "domani", "il 9 febbraio 2026"],
  "ca-ES": ["avui", "demà", "el 9 de febrer del 2026"],
} as const;

describe("the inactive account's due-date text", () => {
  it.each(LOCALES)("reads today, tomorrow or the date in %s", (locale) => {
    const t = translator(locale);
    const [today, tomorrow, date] = EXPECTED[locale];
    expect(inactiveDueText(t, locale, since, new Date(2026, 1, 9, 9))).toBe(today);
    expect(inactiveDueText(t, locale, since, new Date(2026, 1, 8, 9))).toBe(tomorrow);
    expect(inactiveDueText(t, locale, since, new Date(2026, 0, 20, 9))).toBe(date);
  });
});
