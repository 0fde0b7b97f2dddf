import { z } from "zod";
import { FORMATS, PROCESSES } from "./film-config.ts";
import { FilmSchema } from "./films.ts";
import { APERTURE_RANGE } from "./frame-exposure.ts";
import { ROLL_STATUSES } from "./roll-life.ts";

/** Rolls or shots in one page of a search, unless the caller asks for fewer. */
export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_PAGE_MAX = 100;

export const ROLL_SORTS = ["shot", "added", "name"] as const;
export type RollSort = (typeof ROLL_SORTS)[number];

/** A query string's yes/no: "true"/"1" and "false"/"0" (a checkbox sends one of them). */
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const id = z.string().min(1).max(64);
const limit = z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_SIZE);
/** Opaque: the position after the last item of the page before, as the server wrote it. */
const cursor = z.string().max(1000);

/**
 * GET film/search (issue 29): words over the roll's name, stock, camera, lens, scanner, lab, storage location and
 * its own and its shots' notes (every word must match, as a prefix, without regard to case or accents), and filters.
 * `sort`: shot (year and month shot, newest first; rolls without a date last), added (newest first), name (A–Z).
 */
export const RollSearchQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    status: z.enum(ROLL_STATUSES).optional(),
    format: z.enum(FORMATS).optional(),
    process: z.enum(PROCESSES).optional(),
    /** The exposure index (box ISO after push/pull), inclusive. */
    ei_min: z.coerce.number().int().min(1).max(102400).optional(),
    ei_max: z.coerce.number().int().min(1).max(102400).optional(),
    year: z.coerce.number().int().min(1850).max(2100).optional(),
    month: z.coerce.number().int().min(1).max(12).optional(),
    camera_id: id.optional(),
    lens_id: id.optional(),
    lab_id: id.optional(),
    has_sticker: flag.optional(),
    has_kept: flag.optional(),
    sort: z.enum(ROLL_SORTS).default("added"),
    limit,
    after: cursor.optional(),
  })
  .refine((q) => q.ei_min === undefined || q.ei_max === undefined || q.ei_min <= q.ei_max, {
    path: ["ei_max"],
    message: "The highest EI must not be below the lowest",
  });
export type RollSearchQuery = z.infer<typeof RollSearchQuerySchema>;

export const RollSearchPageSchema = z.object({
  items: z.array(FilmSchema),
  /** Pass as `after` for the next page; null on the last page. */
  next: z.string().nullable(),
});
export type RollSearchPage = z.infer<typeof RollSearchPageSchema>;

/**
 * GET shots/search: the caller's frames by camera, lens, aperture, date taken and kept, newest taken first (frames
 * without a date last). A result opens in its roll's lightbox (`film_id`, `index`).
 */
export const ShotSearchQuerySchema = z
  .object({
    q: z.string().trim().max(200).optional(),
    camera_id: id.optional(),
    lens_id: id.optional(),
    aperture_min: z.coerce.number().min(APERTURE_RANGE.min).max(APERTURE_RANGE.max).optional(),
    aperture_max: z.coerce.number().min(APERTURE_RANGE.min).max(APERTURE_RANGE.max).optional(),
    taken_from: z.iso.date().optional(),
    taken_to: z.iso.date().optional(),
    kept: flag.optional(),
    limit,
    after: cursor.optional(),
  })
  .refine((q) => q.aperture_min === undefined || q.aperture_max === undefined || q.aperture_min <= q.aperture_max, {
    path: ["aperture_max"],
    message: "The widest aperture must not be above the narrowest",
  })
  .refine((q) => q.taken_from === undefined || q.taken_to === undefined || q.taken_from <= q.taken_to, {
    path: ["taken_to"],
    message: "The end date must not be before the start date",
  });
export type ShotSearchQuery = z.infer<typeof ShotSearchQuerySchema>;

export const ShotHitSchema = z.object({
  film_id: z.string(),
  film_name: z.string(),
  shot_id: z.string(),
  index: z.number().int(),
  thumbnail_url: z.string().nullable(),
  camera: z.string().nullable(),
  lens: z.string().nullable(),
  aperture: z.number().nullable(),
  shutter: z.string().nullable(),
  taken_at: z.string().nullable(),
  kept: z.boolean(),
});
export type ShotHit = z.infer<typeof ShotHitSchema>;

export const ShotSearchPageSchema = z.object({ items: z.array(ShotHitSchema), next: z.string().nullable() });
export type ShotSearchPage = z.infer<typeof ShotSearchPageSchema>;
