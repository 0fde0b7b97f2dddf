/** The five languages of the product (spec §1). The first is the fallback. */
export const LOCALES = ["en-US", "es-ES", "fr-FR", "it-IT", "ca-ES"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-US";

export const LOCALE_NAMES: Record<Locale, string> = {
  "en-US": "English",
  "es-ES": "Español",
  "fr-FR": "Français",
  "it-IT": "Italiano",
  "ca-ES": "Català",
};

/** Stored choice first, then the browser's languages (exact, then by language), else en-US. */
export function resolveLocale(stored: string | null | undefined, browser: readonly string[] = []): Locale {
  const candidates = [stored, ...browser].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) {
    const exact = LOCALES.find((l) => l.toLowerCase() === candidate.toLowerCase());
    if (exact) return exact;
    const language = candidate.split("-")[0]?.toLowerCase();
    const byLanguage = LOCALES.find((l) => l.split("-")[0] === language);
    if (byLanguage) return byLanguage;
  }
  return DEFAULT_LOCALE;
}
