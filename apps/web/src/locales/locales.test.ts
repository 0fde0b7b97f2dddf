import { ERROR_CODES } from "@latent/domain/errors";
import { LOCALES } from "@latent/domain/locales";
import { describe, expect, it } from "vitest";
import { IDENTITY_ERROR_CODES } from "../shared/auth/identity-error.ts";
import { NAMESPACES } from "../shared/i18n/namespaces.ts";

type Json = Record<string, unknown>;

/** Keys a tree's files by "<locale>/<namespace>", wherever the tree lives. */
const byLocaleAndNamespace = (files: Record<string, Json>) =>
  Object.fromEntries(
    Object.entries(files).map(([path, json]) => [
      path
        .split("/")
        .slice(-2)
        .join("/")
        .replace(/\.json$/, ""),
      json,
    ]),
  );

// One convention on both sides (docs/decisions/0006): the server's texts get the same checks as the web app's.
const webFiles = byLocaleAndNamespace(import.meta.glob<Json>("./*/*.json", { eager: true, import: "default" }));
const serverFiles = byLocaleAndNamespace(
  import.meta.glob<Json>("../../../server/src/locales/*/*.json", { eager: true, import: "default" }),
);
const namespacesOf = (files: Record<string, Json>) =>
  Object.keys(files)
    .filter((id) => id.startsWith("en-US/"))
    .map((id) => id.slice("en-US/".length));

const TREES = [
  { name: "web", files: webFiles, namespaces: [...NAMESPACES] as string[] },
  { name: "server", files: serverFiles, namespaces: namespacesOf(serverFiles) },
];

const OTHER_LOCALES = LOCALES.filter((l) => l !== "en-US");

/** Flattens a translation file to "a.b.c" → text (array items as "a.0"). */
function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.entries(value as Json).reduce<Record<string, string>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe.each(TREES)("$name translations", ({ files, namespaces }) => {
  const texts = (locale: string, ns: string) => {
    const file = files[`${locale}/${ns}`];
    if (!file) throw new Error(`missing ${locale}/${ns}.json`);
    return flatten(file);
  };

  it("have at least one namespace", () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it.each(LOCALES)("%s has exactly the namespace files of the list, and no empty text", (locale) => {
    const own = Object.keys(files)
      .filter((id) => id.startsWith(`${locale}/`))
      .map((id) => id.slice(locale.length + 1));
    expect(own.sort()).toEqual([...namespaces].sort());
    for (const ns of namespaces) {
      for (const [key, text] of Object.entries(texts(locale, ns))) expect(text.trim(), `${locale}/${ns}.json ${key}`).not.toBe("");
    }
  });

  it.each(OTHER_LOCALES)("%s has every text of en-US and no other, with the same placeholders", (locale) => {
    for (const ns of namespaces) {
      const english = texts("en-US", ns);
      const translated = texts(locale, ns);
      expect(Object.keys(translated).sort(), `${locale}/${ns}.json`).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(variables(translated[key] ?? ""), `${locale}/${ns}.json ${key}`).toEqual(variables(text));
      }
    }
  });

  it.each(OTHER_LOCALES)("%s is really translated, not copied from English", (locale) => {
    let same = 0;
    let total = 0;
    for (const ns of namespaces) {
      const english = texts("en-US", ns);
      for (const [key, text] of Object.entries(texts(locale, ns))) {
        total += 1;
        if (text === english[key]) same += 1;
      }
    }
    // Brand names, formats and codes (SLR, 120, VAT…) stay the same in every language; sentences must not.
    expect(same / total).toBeLessThan(0.08);
  });
});

describe("web translations", () => {
  it.each(LOCALES)("%s explains every API error code and every identity error", (locale) => {
    const errors = flatten(webFiles[`${locale}/errors`]);
    for (const code of [...ERROR_CODES, "network-error"]) expect(errors[`api.${code}`], code).toBeTruthy();
    for (const code of IDENTITY_ERROR_CODES) expect(errors[`identity.${code}`], code).toBeTruthy();
  });
});
