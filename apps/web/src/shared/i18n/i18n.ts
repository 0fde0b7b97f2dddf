import { LOCALES, type Locale, resolveLocale } from "@latent/domain/locales";
import { type BackendModule, createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { SHELL_NAMESPACES } from "./namespaces.ts";

// Each locale's namespace is its own chunk, fetched the first time a page needs it (routes name theirs in
// app/route-texts.ts), so the landing page does not download the user area's texts.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json");

const lazyBundles: BackendModule = {
  type: "backend",
  callbackApi: true,
  init() {},
  read(locale, ns, callback) {
    const load = bundles[`../../locales/${locale}/${ns}.json`];
    if (!load) return callback(new Error(`Missing translations: ${locale}/${ns}.json`), null);
    load().then(
      (bundle) => callback(null, bundle.default),
      (err: Error) => callback(err, null),
    );
  },
};

/** Starts fetching one namespace's texts (the module stays in the browser's cache, where the backend finds it). */
export function prefetchTexts(locale: Locale, ns: string): Promise<unknown> {
  return bundles[`../../locales/${locale}/${ns}.json`]?.() ?? Promise.resolve();
}

/** localStorage key of the language chosen in this browser (spec §1). */
export const LOCALE_STORAGE_KEY = "locale";

function applyToDocument(locale: Locale) {
  document.documentElement.lang = locale;
}

/** The stored choice, else the browser's languages, else en-US (spec §1). */
export function initialLocale(): Locale {
  return resolveLocale(localStorage.getItem(LOCALE_STORAGE_KEY), navigator.languages);
}

/** i18next with the shell's texts of `locale` loaded; other namespaces load when a route asks for them. */
export async function createI18n(locale: Locale): Promise<I18n> {
  const i18n = createInstance();
  await i18n
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...LOCALES],
      // No fallback language: every locale has every key (locales.test.ts), so a French reader never downloads
      // the English files too. Only the exact locale is loaded, never a bare "fr".
      fallbackLng: false,
      load: "currentOnly",
      ns: [...SHELL_NAMESPACES],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyToDocument(locale);
  return i18n;
}

/** Switches every text at once: the new locale's files of every namespace in use load first, so no key flashes. */
export async function changeLocale(i18n: I18n, locale: Locale, options: { remember: boolean } = { remember: true }) {
  await i18n.loadLanguages(locale);
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
