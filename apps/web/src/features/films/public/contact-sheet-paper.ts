import type { ContactSheetPaper } from "@latent/domain/contact-sheet";
import type { Locale } from "@latent/domain/locales";

/** The paper a reader's printer most likely holds: Letter where the language is US English, A4 everywhere else. */
export const defaultPaper = (locale: Locale): ContactSheetPaper => (locale === "en-US" ? "letter" : "a4");
