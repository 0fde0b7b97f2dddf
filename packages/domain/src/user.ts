import { z } from "zod";
import { LOCALES } from "./locales.ts";
import { PLAN_IDS } from "./plans.ts";

/** Tax id types shown in the profile form and the id they map to (spec §5). */
export const TAX_ID_TYPES = { VAT: "eu_vat", CIF: "es_cif" } as const;
export const TAX_ID_CODES = ["eu_vat", "es_cif"] as const;

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

export const UserDataSchema = z
  .object({
    name: text(120),
    nickname: text(60),
    first_name: text(60),
    last_name: text(60),
    webpage: z.union([z.literal(""), z.url({ protocol: /^https?$/ }).max(300)]),
    locale: z.enum(LOCALES),
    address: AddressSchema.nullable(),
    shipping: AddressSchema.nullable(),
  })
  .partial();
export type UserData = z.infer<typeof UserDataSchema>;

/** JSON body of PUT user/: profile fields, the survey flag, and the survey's answers. */
export const UpdateUserBodySchema = UserDataSchema.extend({
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
  survey_submitted: z.boolean(),
  policy_accepted: z.boolean(),
  lab: z.object({ id: z.string(), name: z.string() }).nullable(),
  integrations: z.record(z.string(), z.unknown()),
});
export type User = z.infer<typeof UserSchema>;

/** Profile picture limits (spec §5, §9). */
export const PROFILE_PICTURE_MAX_BYTES = 524288;
export const PROFILE_PICTURE_MAX_PX = 1024;

/** Days an account stays inactive before it is removed (spec §4, §9). */
export const INACTIVE_THRESHOLD_DAYS = 30;

/** Steps of the persona survey (spec §9). */
export const SURVEY_STEPS = 3;
