import { readFileSync } from "node:fs";
import { DEFAULT_LOCALE, LOCALES, resolveLocale } from "@latent/domain/locales";
import { createInstance, type Resource } from "i18next";

/** en-US is the reference: its keys type `t()`, and the locales test holds the other four to the same keys. */
interface Texts {
  auth: typeof import("../../locales/en-US/auth.json", { with: { type: "json" }});
  newsletter: typeof import("../../locales/en-US/newsletter.json", { with: { type: "json" }});
  sandbox: typeof import("../../locales/en-US/sandbox.json", { with: { type: "json" }});
  shares: typeof import("../../locales/en-US/shares.json", { with: { type: "json" }});
  labs: typeof import("../../locales/en-US/labs.json", { with: { type: "json" }});
  catalogue: typeof import("../../locales/en-US/catalogue.json", { with: { type: "json" }});
  receipts: typeof import("../../locales/en-US/receipts.json", { with: { type: "json" }});
  contactSheet: typeof import("../../locales/en-US/contactSheet.json", { with: { type: "json" }});
  rollLife: typeof import("../../locales/en-US/rollLife.json", { with: { type: "json" }});
}

export type Namespace = keyof Texts;

/** Every namespace file under `src/locales/<locale>/`, the server's equivalent of the web app's list. */
export const NAMESPACES: readonly Namespace[] = [
  "auth",
  "newsletter",
  "sandbox",
  "shares",
  "labs",
  "receipts",
  "catalogue",
  "contactSheet",
  "rollLife",
];

/** i18next picks `key_one`, `key_other`… by the `count` variable: callers name the key without its plural suffix. */
type PluralBase<K extends string> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;
/** "a.b.c" paths to the texts of a namespace, as i18next reads nested keys. */
type KeyPath<T> = { [K in keyof T & string]: T[K] extends string ? PluralBase<K> : `${K}.${KeyPath<T[K]>}` }[keyof T & string];
export type TextKey<N extends Namespace> = KeyPath<Texts[N]>;

export type Translate<N extends Namespace> = (key: TextKey<N>, vars?: Record<string, string | number>) => string;

function loadResources(): Resource {
  const read = (locale: string, ns: Namespace) =>
    JSON.parse(readFileSync(new URL(`../../locales/${locale}/${ns}.json`, import.meta.url), "utf8")) as Record<string, unknown>;
  return Object.fromEntries(LOCALES.map((locale) => [locale, Object.fromEntries(NAMESPACES.map((ns) => [ns, read(locale, ns)]))]));
}

// Texts are static files, like the constants they replace: read once when the module loads, synchronously
// (`initAsync: false` with inline resources), so rendering never waits and a missing file stops the start.
const i18n = createInstance();
i18n.init({
  resources: loadResources(),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: false,
  initAsync: false,
  // Values go in raw, as in the web app: the same text serves plain-text mails and subjects, so HTML escaping
  // belongs to the HTML templates, which escape each whole translated text (escaping here too would double it).
  interpolation: { escapeValue: false },
});

/** The texts of one namespace in a locale; `{{name}}` is filled from `vars`. An unknown locale gets en-US. */
export function translator<N extends Namespace>(locale: string, ns: N): Translate<N> {
  // Keys are checked by `TextKey` above; i18next's own key typing expects a global declaration the server does not make.
  const t = i18n.getFixedT(resolveLocale(locale), ns) as (key: string, vars: Record<string, string | number>) => string;
  return (key, vars) => t(key, vars ?? {});
}

/**
 * A name keyed by data (a plan, a product id, a shipping service's token) from a namespace of names, in a locale;
 * `fallback` when that namespace has none for the key (a product or service added without a translation).
 */
export function nameIn(locale: string, ns: Namespace, key: string, fallback: string): string {
  const t = i18n.getFixedT(resolveLocale(locale), ns) as (key: string, options: { defaultValue: string }) => string;
  return t(key, { defaultValue: fallback });
}
