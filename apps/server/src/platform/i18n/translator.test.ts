import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NAMESPACES, translator } from "./translator.ts";

describe("server translator", () => {
  it("reads a nested key in the asked locale", () => {
    expect(translator("fr-FR", "auth")("title.login")).toBe("Connexion à Latent");
    expect(translator("ca-ES", "newsletter")("pages.invalid.title")).toBe("Aquest enllaç no és vàlid");
  });

  it("gives en-US texts for an unknown locale, and the closest locale for a bare language", () => {
    expect(translator("xx-YY", "auth")("submit.login")).toBe("Sign in");
    expect(translator("", "auth")("submit.login")).toBe("Sign in");
    expect(translator("it", "auth")("submit.login")).toBe("Accedi");
  });

  it("fills {{variables}} without HTML-escaping them, leaving escaping to the HTML templates", () => {
    const t = translator("en-US", "newsletter");
    expect(t("discount", { percent: 15 })).toBe("Once confirmed, you get 15% off your first subscription.");
    expect(t("discount", { percent: "<b>&" })).toBe("Once confirmed, you get <b>&% off your first subscription.");
  });

  it("loads every namespace file that en-US has", () => {
    const files = readdirSync(new URL("../../locales/en-US/", import.meta.url)).map((f) => f.replace(/\.json$/, ""));
    expect([...NAMESPACES].sort()).toEqual(files.sort());
  });

  it("types keys from the en-US file", () => {
    const t = translator("en-US", "auth");
    // @ts-expect-error a key en-US does not have is a compile error, not a text shown to visitors
    expect(t("errors.nope")).toBe("errors.nope");
  });
});
