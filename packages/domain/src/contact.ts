import { z } from "zod";
import { errorMessage } from "./errors.ts";
import { FORMATS } from "./film-config.ts";
import { LOCALES } from "./locales.ts";

/** Why a visitor writes to us; the operator sorts the contact mails by it. */
export const CONTACT_REASONS = ["support", "billing", "lab-partnership", "press", "other"] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** The same sender (email or network address) waits this long between two messages or sign-ups (spec §5, §9). */
export const SUBMISSION_INTERVAL_MS = 60_000;

/** Confirmation links of the newsletter's double opt-in stop working after this many days. */
export const NEWSLETTER_CONFIRM_DAYS = 7;

/** Every visitor form labels a bad address with the spec's generic 'not valid' (spec §5). */
const EmailSchema = z.email({ error: errorMessage("not-valid") }).max(254, { error: errorMessage("not-valid") });

/** Body of POST /contact. */
export const ContactBodySchema = z.object({
  subject: z.string().trim().min(1).max(150),
  reason: z.enum(CONTACT_REASONS),
  email: EmailSchema,
  message: z.string().trim().min(1).max(5000),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

export const ContactSentSchema = z.object({ id: z.string() });
export type ContactSent = z.infer<typeof ContactSentSchema>;

/** Body of POST /newsletter; `locale` chooses the language of the confirmation mail (else Accept-Language). */
export const NewsletterBodySchema = z.object({
  email: EmailSchema,
  locale: z.enum(LOCALES).optional(),
});
export type NewsletterBody = z.infer<typeof NewsletterBodySchema>;

/** The answer to every accepted sign-up, whatever the address's state: it reveals nothing. */
export const NewsletterAcceptedSchema = z.object({ status: z.literal("accepted") });
export type NewsletterAccepted = z.infer<typeof NewsletterAcceptedSchema>;

/** Body of POST /beta: the open-beta sign-up. */
export const BetaBodySchema = z.object({
  email: EmailSchema,
  name: z.string().trim().max(120).optional(),
  formats: z.array(z.enum(FORMATS)).max(FORMATS.length).optional(),
  message: z.string().trim().max(2000).optional(),
});
export type BetaBody = z.infer<typeof BetaBodySchema>;

/** 1 for the first tester, up to the beta's capacity. */
export const BetaRegisteredSchema = z.object({ position: z.number().int().min(1) });
export type BetaRegistered = z.infer<typeof BetaRegisteredSchema>;

/**
 * GET /beta: whether the open beta still takes registrations, so a closed one is shown closed before anyone fills
 * in the form. `last_day` is BETA_DEADLINE (registration closes at the end of that day, UTC, which is `closes_at`);
 * `full` is true once `capacity` testers are registered.
 */
export const BetaStatusSchema = z.object({
  open: z.boolean(),
  full: z.boolean(),
  last_day: z.iso.date(),
  closes_at: z.iso.datetime(),
  capacity: z.number().int().min(0),
});
export type BetaStatus = z.infer<typeof BetaStatusSchema>;
