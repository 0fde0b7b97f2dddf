import { z } from "zod";
import { zipSafeName } from "./films.ts";

/** The papers a roll's contact sheet is laid out for (issue 28 §4). */
export const CONTACT_SHEET_PAPERS = ["a4", "letter"] as const;
export type ContactSheetPaper = (typeof CONTACT_SHEET_PAPERS)[number];

/** GET film/{id}/contact-sheet?paper= and public/film/contact-sheet?paper=: A4 unless Letter is asked for. */
export const ContactSheetQuerySchema = z.object({
  paper: z.enum(CONTACT_SHEET_PAPERS, { error: "Choose the paper: a4 or letter" }).default("a4"),
  /** The reader's language for the sheet's words (the page's); else the browser's, else English. */
  lang: z.string().trim().max(35).optional(),
});
export type ContactSheetQuery = z.infer<typeof ContactSheetQuerySchema>;

/** The PDF's file name, from the roll's name as its zip is named ("Summer-in-Cadaqués-contact-sheet.pdf"). */
export const contactSheetFileName = (film: { name: string; brand: string; model: string }): string =>
  `${zipSafeName(film.name || `${film.brand} ${film.model}`)}-contact-sheet.pdf`;
