/**
 * Schemas of the static data the product serves (spec §3: "Film metadata, scanners, countries and
 * states come from static JSON data files"). The files live in packages/domain/data/; the server
 * imports them, this module only describes them, so it stays free of Node built-ins for the web.
 */
import { z } from "zod";
import { FORMATS, ISO_CHOICES, PROCESSES } from "./film-config.ts";

export const FILM_TYPES = ["color-negative", "slide", "black-and-white", "cine"] as const;
export type FilmType = (typeof FILM_TYPES)[number];

export const SCANNER_KINDS = ["flatbed", "film", "lab", "drum", "camera"] as const;
export type ScannerKind = (typeof SCANNER_KINDS)[number];

const label = z.string().trim().min(1).max(80);

export const FilmStockSchema = z.strictObject({
  brand: label,
  model: label,
  iso: z.literal(ISO_CHOICES),
  process: z.enum(PROCESSES),
  formats: z
    .array(z.enum(FORMATS))
    .min(1)
    .refine((formats) => new Set(formats).size === formats.length, { message: "A format is listed twice" }),
  type: z.enum(FILM_TYPES),
  discontinued: z.boolean(),
});
export type FilmStock = z.infer<typeof FilmStockSchema>;
export const FilmStocksSchema = z.array(FilmStockSchema);

export const ScannerSchema = z.strictObject({
  brand: label,
  model: label,
  kind: z.enum(SCANNER_KINDS),
});
export type Scanner = z.infer<typeof ScannerSchema>;
export const ScannersSchema = z.array(ScannerSchema);

/** ISO 3166-1 alpha-2 code. */
export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

export const CountrySchema = z.strictObject({
  code: CountryCodeSchema,
  name: label,
  /** Member state of the European Union. */
  eu: z.boolean(),
});
export type Country = z.infer<typeof CountrySchema>;
export const CountriesSchema = z.array(CountrySchema);

/** A first-level subdivision; code is the ISO 3166-2 code without the country prefix ("B" for ES-B). */
export const StateSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9]{1,3}$/),
  name: label,
});
export type State = z.infer<typeof StateSchema>;
/** Subdivisions keyed by country code. */
export const StatesSchema = z.record(CountryCodeSchema, z.array(StateSchema).min(1));
export type States = z.infer<typeof StatesSchema>;
