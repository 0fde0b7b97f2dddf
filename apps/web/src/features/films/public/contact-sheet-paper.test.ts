import { LOCALES } from "@latent/domain/locales";
import { describe, expect, it } from "vitest";
import { defaultPaper } from "./contact-sheet-paper.ts";

describe("the contact sheet's default paper", () => {
  it("is Letter for a reader in US English and A4 in every other language", () => {
    expect(Object.fromEntries(LOCALES.map((l) => [l, defaultPaper(l)]))).toEqual({
      "en-US": "letter",
      "es-ES": "a4",
      "fr-FR": "a4",
      "it-IT": "a4",
      "ca-ES": "a4",
    });
  });
});
