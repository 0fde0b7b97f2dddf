import { describe, expect, it } from "vitest";
import { resolveLocale } from "./locales.ts";

describe("resolveLocale", () => {
  it("prefers the stored choice over the browser's languages", () => {
    expect(resolveLocale("it-IT", ["fr-FR", "en-US"])).toBe("it-IT");
  });
  it("falls back to the browser's language, matching by language when the region differs", () => {
    expect(resolveLocale(null, ["ca"])).toBe("ca-ES");
    expect(resolveLocale(undefined, ["de-DE", "es-MX"])).toBe("es-ES");
  });
  it("ignores a stored value that is not one of the five locales", () => {
    expect(resolveLocale("de-DE", ["fr-CA"])).toBe("fr-FR");
  });
  it("ends at en-US when nothing matches", () => {
    expect(resolveLocale(null, ["ja-JP", "de"])).toBe("en-US");
    expect(resolveLocale(null)).toBe("en-US");
  });
});
