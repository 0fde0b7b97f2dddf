import { DEFAULT_LOCALE, LOCALES, type Locale, resolveLocale } from "@latent/domain/locales";
import { createInstance, type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

/** Translation files, one per namespace; a locale's files are fetched only when that locale is used. */
export const NAMESPACES = [
  "common",
  "errors",
  "landing",
  "dashboard",
  "gear",
  "profile",
  "survey",
  "pricing",
  "contact",
  "newsletter",
  "beta",
  "legal",
  "films",
  "titles",
  "shop",
  "stickers",
  "publicOrder",
  "labsDirectory",
  "lab",
  "orders",
  "account",
] as const;

const bundles = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json");

/** localStorage key of the language chosen in this browser (spec §1). */
export const LOCALE_STORAGE_KEY = "locale";

async function loadBundles(locale: Locale): Promise<Resource[string]> {
  const entries = await Promise.all(
    NAMESPACES.map(async (ns) => {
      const load = bundles[`../../locales/${locale}/${ns}.json`];
      if (!load) throw new Error(`Missing translations: ${locale}/${ns}.json`);
      return [ns, (await load()).default] as const;
    }),
  );
  return Object.fromEntries(entries);
}

function applyToDocument(locale: Locale) {
  document.documentElement.lang = locale;
}

/** The stored choice, else the browser's languages, else en-US (spec §1). */
export function initialLocale(): Locale {
  return resolveLocale(localStorage.getItem(LOCALE_STORAGE_KEY), navigator.languages);
}

export async function createI18n(locale: Locale): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources: { [locale]: await loadBundles(locale) },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  applyToDocument(locale);
  return i18n;
}

/** Switches every text at once: loads the locale's files first, so no key flashes untranslated. */
export async function changeLocale(i18n: I18n, locale: Locale, options: { remember: boolean } = { remember: true }) {
  if (!i18n.hasResourceBundle(locale, "common")) {
    const loaded = await loadBundles(locale);
    for (const [ns, data] of Object.entries(loaded)) i18n.addResourceBundle(locale, ns, data);
  }
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  if (options.remember) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

export function currentLocale(i18n: I18n): Locale {
  return resolveLocale(i18n.language);
}

export function hasStoredLocale(): boolean {
  return localStorage.getItem(LOCALE_STORAGE_KEY) !== null;
}
