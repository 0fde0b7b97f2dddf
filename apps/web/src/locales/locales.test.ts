import { ERROR_MESSAGES } from "@latent/domain/errors";
import { LOCALES } from "@latent/domain/locales";
import { describe, expect, it } from "vitest";
import { IDENTITY_ERROR_CODES } from "../shared/auth/identity-error.ts";
import { NAMESPACES } from "../shared/i18n/i18n.ts";

const files = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });

/** Flattens a translation file to "a.b.c" → text (array items as "a.0"). */
function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const texts = (locale: string, ns: string) => {
  const file = files[`./${locale}/${ns}.json`];
  if (!file) throw new Error(`missing ${locale}/${ns}.json`);
  return flatten(file);
};
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it.each(LOCALES.filter((l) => l !== "en-US"))("%s has every text of en-US, with the same placeholders", (locale) => {
    for (const ns of NAMESPACES) {
      const english = texts("en-US", ns);
      const translated = texts(locale, ns);
      expect(Object.keys(translated).sort(), `${locale}/${ns}.json`).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(variables(translated[key] ?? ""), `${locale}/${ns}.json ${key}`).toEqual(variables(text));
      }
    }
  });

  it.each(LOCALES.filter((l) => l !== "en-US"))("%s is really translated, not copied from English", (locale) => {
    let same = 0;
    let total = 0;
    for (const ns of NAMESPACES) {
      const english = texts("en-US", ns);
      for (const [key, text] of Object.entries(texts(locale, ns))) {
        total += 1;
        if (text === english[key]) same += 1;
      }
    }
    // Brand names, formats and codes (SLR, 120, VAT…) stay the same in every language; sentences must not.
    expect(same / total).toBeLessThan(0.08);
  });

  it.each(LOCALES)("%s explains every API error code and every identity error", (locale) => {
    const errors = texts(locale, "errors");
    for (const code of [...Object.keys(ERROR_MESSAGES), "network-error"]) expect(errors[`api.${code}`], code).toBeTruthy();
    for (const code of IDENTITY_ERROR_CODES) expect(errors[`identity.${code}`], code).toBeTruthy();
  });
});
