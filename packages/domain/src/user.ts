import { z } from "zod";
import { LOCALES } from "./locales.ts";
import { PLAN_IDS } from "./plans.ts";

/** Tax id types shown in the profile form and the id they map to (spec §5). */
/**
 * VAT → eu_vat and CIF → es_cif (spec §5). The form also offers NIF: it is kept as es_nif so the form shows what the
 * user chose; a payment provider that knows one Spanish type (Stripe's es_cif covers both) is given es_cif for it.
 */
export const TAX_ID_TYPES = { VAT: "eu_vat", CIF: "es_cif", NIF: "es_nif" } as const;
export const TAX_ID_CODES = ["eu_vat", "es_cif", "es_nif"] as const;

const text = (max: number) => z.string().trim().max(max);

export const AddressSchema = z.object({
  line1: text(200).min(1),
  line2: text(200).optional().default(""),
  city: text(100).min(1),
  postal_code: text(20).min(1),
  state: text(100).optional().default(""),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { message: "Use a two-letter country code" }),
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[0-9 ().-]{6,20}$/, { message: "not valid" })
    .optional()
    .default(""),
  vat: text(30).optional().default(""),
  vat_type: z.enum(TAX_ID_CODES).nullish(),
});
export type Address = z.infer<typeof AddressSchema>;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST_AND_PORT = /^[^/:]+:\d+(?:[/?#]|$)/;
// A public domain name: dotted labels ending in a letters-only (or punycode) top-level domain, so "hello" is refused.
const PUBLIC_HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/** A web page as typed: a bare domain ("latent.photo") means its https:// page; anything with a scheme stays as is. */
export function normalizeWebpage(input: string): string {
  const text = input.trim();
  // "mailto:…" keeps its scheme (and is refused); "latent.photo:8080" is a host with its port.
  if (text === "" || (SCHEME.test(text) && !HOST_AND_PORT.test(text))) return text;
  return `https://${text.replace(/^\/\//, "")}`;
}

/** The profile's web page: empty, or an http(s) address on a public domain, stored in its https:// form. */
export const WebpageSchema = z
  .string()
  .transform(normalizeWebpage)
  .pipe(z.union([z.literal(""), z.url({ protocol: /^https?$/, hostname: PUBLIC_HOSTNAME }).max(300)]));

export const UserDataSchema = z
  .object({
    name: text(120),
    nickname: text(60),
    first_name: text(60),
    last_name: text(60),
    webpage: WebpageSchema,
    locale: z.enum(LOCALES),
    address: AddressSchema.nullable(),
    shipping: AddressSchema.nullable(),
    /** Mails about the steps of the user's rolls (received, scanned, delivered, returned, hold reminders). */
    roll_mail: z.boolean(),
    /** The hourly digest of guests' favourites and comments on the user's links (issue 31). */
    guest_mail: z.boolean(),
  })
  .partial();
export type UserData = z.infer<typeof UserDataSchema>;

/** JSON body of PUT user/: profile fields, the survey flag, the survey's answers, and `picture: null` to remove the picture. */
export const UpdateUserBodySchema = UserDataSchema.extend({
  picture: z.null().optional(),
  survey_submitted: z.literal(true).optional(),
  survey: z.record(z.string().max(40), z.union([z.string().max(500), z.array(z.string().max(100)).max(20)])).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const UserSchema = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  role: z.enum(["user", "lab"]),
  name: z.string(),
  nickname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  webpage: z.string(),
  picture: z.string().nullable(),
  locale: z.enum(LOCALES).nullable(),
  address: AddressSchema.nullable(),
  shipping: AddressSchema.nullable(),
  plan: z.enum(PLAN_IDS as [string, ...string[]]),
  max_films_capacity: z.number().nullable(),
  max_gears_capacity: z.number().nullable(),
  usage: z.object({ films: z.number(), gear: z.number() }),
  inactive_since: z.string().nullable(),
  downgrading_since: z.string().nullable(),
  /** Set by the operator (spec §4): every other private route answers 403 account-blocked until unblocked. */
  blocked: z.boolean(),
  /** Bytes of scans held and the plan's limit (null = unlimited): what a downgrade clean-up works towards. */
  storage: z.object({ used: z.number(), limit: z.number().nullable() }),
  survey_submitted: z.boolean(),
  policy_accepted: z.boolean(),
  lab: z.object({ id: z.string(), name: z.string() }).nullable(),
  integrations: z.record(z.string(), z.unknown()),
  /** Whether the user gets mails about their rolls' steps (issue 29); PUT user/ `roll_mail` changes it. */
  roll_mail: z.boolean(),
  /** Whether the user gets the digest of guests' answers on their links (issue 31); PUT user/ `guest_mail` changes it. */
  guest_mail: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** Days over which a downgrade's clean-up deletes unkept scans until usage fits the new plan (spec §4, §9). */
export const DOWNGRADE_CLEAN_UP_DAYS = 14;

/** Profile picture limits (spec §5, §9). */
export const PROFILE_PICTURE_MAX_BYTES = 524288;
export const PROFILE_PICTURE_MAX_PX = 1024;
/** Any other uploaded image, such as a lab's logo (spec §5, §9: 5MB and 1024 × 1024 px; sizes count in binary steps). */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_MAX_PX = 1024;

/** Days an account stays inactive before its rolls' files are deleted (spec §4, §9). */
export const INACTIVE_THRESHOLD_DAYS = 30;
/** The same threshold under the name the issue gives it: days an inactive user may still download or reactivate. */
export const INACTIVE_GRACE_DAYS = INACTIVE_THRESHOLD_DAYS;

const DAY_MS = 24 * 60 * 60 * 1000;
// Days counted on the local calendar of the clock reading them (the browser's, on the profile).
const localDay = (d: Date) => Math.floor((d.getTime() - d.getTimezoneOffset() * 60_000) / DAY_MS);

/** Which due-date text applies (spec §3: 'hoy', 'mañana' or 'el {date}'), and the date files are deleted after. */
export type InactiveDue = { text: "today" | "tomorrow" | "date"; date: Date };

/** The last day an inactive account keeps its files: `inactive_since` plus the grace days; a past date reads "today". */
export function inactiveDue(inactiveSince: Date | string, now: Date): InactiveDue {
  const date = new Date(new Date(inactiveSince).getTime() + INACTIVE_GRACE_DAYS * DAY_MS);
  const days = localDay(date) - localDay(now);
  return { text: days <= 0 ? "today" : days === 1 ? "tomorrow" : "date", date };
}

/** Steps of the persona survey (spec §9). */
export const SURVEY_STEPS = 3;
