import { z } from "zod";
import { AddressSchema, WebpageSchema } from "./user.ts";

const text = (max: number) => z.string().trim().max(max);

/**
 * A photo lab as photographers see it (spec §3: id, name, address, logo, webpage, location, woocommerce). `id` is
 * the lab account's user id. `woocommerce` says whether a WooCommerce store is connected (never its credentials).
 */
export const LabSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: AddressSchema.nullable(),
  logo_url: z.string().nullable(),
  webpage: z.string(),
  /** Where the lab is, as it says it (a city, a neighbourhood): shown in the directory. */
  location: z.string(),
  woocommerce: z.object({ connected: z.boolean(), store_url: z.string().nullable() }),
});
export type Lab = z.infer<typeof LabSchema>;
export const LabsSchema = z.array(LabSchema);

/**
 * Where customers' replies to a lab's order mail go (its Reply-To): an email address, or "" to clear it, when they
 * reach the lab account's own address. Refused with a sentence that says what is expected, the web's `validation.email`.
 */
export const ContactEmailSchema = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === "" || z.email().safeParse(v).success, {
    message: "Enter an email address, such as name@example.com",
    params: { key: "email" },
  });

/**
 * The lab's own view (GET labs/{its id}): its profile, the contact email replies to its order mails reach (null: the
 * lab account's own; only the lab sees it) and its orders counted by status.
 */
export const MyLabSchema = LabSchema.extend({
  contact_email: z.string().nullable(),
  orders: z.object({
    created: z.number(),
    shared: z.number(),
    sent: z.number(),
    /** Orders whose rolls the customer added to their account. */
    collected: z.number(),
    total: z.number(),
  }),
});
export type MyLab = z.infer<typeof MyLabSchema>;

/** Body of PUT labs/ (JSON, or multipart with `upload_file` for the logo and `lab_data` holding this JSON). */
export const LabDataSchema = z
  .object({
    name: text(120).min(1),
    address: AddressSchema.nullable(),
    webpage: WebpageSchema,
    location: text(120),
    /** "" clears it: replies then reach the lab account's own address. */
    contact_email: ContactEmailSchema,
    /** `null` removes the logo. */
    logo: z.null(),
  })
  .partial();
export type LabData = z.infer<typeof LabDataSchema>;

/** GET labs/?search=: the directory (spec §2 labs flag) by name or location. */
export const LabsQuerySchema = z.object({ search: text(100).optional() });
export type LabsQuery = z.infer<typeof LabsQuerySchema>;

export const LabParamsSchema = z.object({ labId: z.string().min(1).max(100) });

/** The placeholders an email template may use; any other `{{…}}` is refused. */
export const EMAIL_PLACEHOLDERS = ["customer_name", "order_reference", "link", "expires_at", "lab_name"] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 5000;

/** The `{{name}}`s in a text that are not among the known placeholders. */
export function unknownPlaceholders(text: string): string[] {
  const found = [...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!);
  return [...new Set(found.filter((name) => !(EMAIL_PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** Fills a template's placeholders (unknown ones are left as written; saving refuses them anyway). */
export function fillTemplate(text: string, values: Record<EmailPlaceholder, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    (EMAIL_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as EmailPlaceholder] : whole,
  );
}

/** The lab's email to a customer whose order is ready (GET/PUT labs/email_template). */
export const EmailTemplateSchema = z.object({
  subject: text(EMAIL_SUBJECT_MAX).min(1),
  body: text(EMAIL_BODY_MAX).min(1),
});
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

/** GET labs/email_template/default?locale=: the template offered before the lab writes its own. */
export const DefaultTemplateQuerySchema = z.object({ locale: z.string().max(10).optional() });
