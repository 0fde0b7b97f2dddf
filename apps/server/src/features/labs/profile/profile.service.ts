import { randomUUID } from "node:crypto";
import { EMAIL_PLACEHOLDERS, type EmailTemplate, type Lab, type LabData, type MyLab, unknownPlaceholders } from "@latent/domain/labs";
import type { Address } from "@latent/domain/user";
import type { Kysely, Selectable } from "kysely";
import type { Database, LabsTable } from "../../../platform/db/schema.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import type { UrlSigner } from "../../../platform/http/url-signer.ts";
import { translator } from "../../../platform/i18n/translator.ts";
import type { ObjectStore } from "../../../platform/storage/object-store.ts";
import { deleteLabRows, findLab, findTemplate, listLabs, saveLab, saveTemplate } from "./profile.store.ts";

const LOGO_LINK_TTL_S = 3600;

export interface LabsDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  signer: UrlSigner;
}

/** A lab's own profile: what `Lab` shows without its store integration (integrations adds that, see labs.view.ts). */
export type LabProfile = Omit<Lab, "woocommerce">;
/** The lab's own profile, before its order counts and store integration are added. */
export type MyLabProfile = Omit<MyLab, "woocommerce" | "orders">;

/**
 * Photo labs (spec §3 Lab, §7 Labs): a lab account's public profile, which its customers see on their orders and
 * photographers in the directory, and the email it sends with an order. The lab's id is its account's user id.
 */
export function createLabProfileService({ db, store, signer }: LabsDeps) {
  const toLab = (row: Selectable<LabsTable>): LabProfile => ({
    id: row.id,
    name: row.name,
    address: (row.address as unknown as Address | null) ?? null,
    logo_url: row.logo_key ? signer.sign(`/media/${row.logo_key}`, LOGO_LINK_TTL_S) : null,
    webpage: row.webpage,
    location: row.location,
  });

  const blank = (id: string): LabProfile => ({
    id,
    name: "",
    address: null,
    logo_url: null,
    webpage: "",
    location: "",
  });

  return {
    /** A lab as anyone signed in sees it; 404 lab-not-found for an id that is no lab with a profile. */
    async get(labId: string): Promise<LabProfile> {
      const row = await findLab(db, labId);
      if (!row?.name) throw new AppError("lab-not-found");
      return toLab(row);
    },

    /** The lab's own profile (blank before the first save) with the address its customers' replies go to. */
    async mine(labId: string): Promise<MyLabProfile> {
      const row = await findLab(db, labId);
      return { ...(row ? toLab(row) : blank(labId)), contact_email: row?.contact_email ?? null };
    },

    /** The directory of labs (spec §2, labs flag). */
    async directory(search?: string): Promise<LabProfile[]> {
      return (await listLabs(db, search)).map(toLab);
    },

    /** Where the lab's logo is stored, or null (the data export copies it). */
    async logoKey(labId: string): Promise<string | null> {
      return (await findLab(db, labId))?.logo_key ?? null;
    },

    /** Deletes the lab's profile, email template and logo files (the lab's account is being deleted). */
    async removeAllOfLab(labId: string) {
      const row = await findLab(db, labId);
      const rows = await deleteLabRows(db, labId);
      // Logos live under the lab's prefix; an id no key may hold never stored one.
      if (/^[a-zA-Z0-9][a-zA-Z0-9._-]*$/.test(labId)) await store.deletePrefix(`labs/${labId}/`);
      else if (row?.logo_key) await store.delete(row.logo_key);
      return rows;
    },

    /** PUT labs/: the profile's fields; a new logo (already checked and re-encoded) replaces the old one. */
    async update(labId: string, data: LabData, logo?: Buffer): Promise<MyLabProfile> {
      const previous = await findLab(db, labId);
      let logoKey: string | null | undefined;
      if (logo) {
        logoKey = `labs/${labId}/logo-${randomUUID()}.webp`;
        await store.put(logoKey, logo, "image/webp");
      } else if (data.logo === null) logoKey = null;
      await saveLab(db, labId, {
        ...(data.name !== undefined ? { name: data.name } : {}),
        ...(data.address !== undefined ? { address: data.address === null ? null : JSON.stringify(data.address) } : {}),
        ...(data.webpage !== undefined ? { webpage: data.webpage } : {}),
        ...(data.location !== undefined ? { location: data.location } : {}),
        ...(data.contact_email !== undefined ? { contact_email: data.contact_email || null } : {}),
        ...(logoKey !== undefined ? { logo_key: logoKey } : {}),
      });
      // The row no longer points at the old logo, so a failed delete leaves an orphan, never a broken logo.
      if (logoKey !== undefined && previous?.logo_key) await store.delete(previous.logo_key).catch(() => {});
      return this.mine(labId);
    },

    /** The lab's saved email template; 404 lab-email-template-not-found before it saves one. */
    async template(labId: string): Promise<EmailTemplate> {
      const row = await findTemplate(db, labId);
      if (!row) throw new AppError("lab-email-template-not-found");
      return { subject: row.subject, body: row.body };
    },

    /** The template offered before the lab writes its own, in a language. */
    defaultTemplate(locale: string): EmailTemplate {
      const t = translator(locale, "labs");
      // The placeholders stay as written: each is filled with itself.
      const keep = Object.fromEntries(EMAIL_PLACEHOLDERS.map((p) => [p, `{{${p}}}`]));
      return { subject: t("defaultTemplate.subject", keep), body: t("defaultTemplate.body", keep) };
    },

    /** Saves the template; a placeholder that does not exist is refused by name, as a typo would send it raw. */
    async saveTemplate(labId: string, template: EmailTemplate): Promise<EmailTemplate> {
      const unknown = unknownPlaceholders(`${template.subject}\n${template.body}`);
      if (unknown.length)
        throw new AppError("unknown-placeholder", `Unknown placeholder: ${unknown.map((p) => `{{${p}}}`).join(", ")}`, {
          body: unknown.join(", "),
        });
      const row = await saveTemplate(db, labId, template.subject, template.body);
      return { subject: row.subject, body: row.body };
    },

    /**
     * What an order's email is made from: the saved template or the default, the lab's name, the sender's display name,
     * and the address the lab wants replies at (null when it gave none).
     */
    async mailParts(labId: string, locale: string) {
      const [row, lab] = await Promise.all([findTemplate(db, labId), findLab(db, labId)]);
      return {
        template: row ? { subject: row.subject, body: row.body } : this.defaultTemplate(locale),
        labName: lab?.name || "Latent",
        contactEmail: lab?.contact_email ?? null,
        // "Foto Lab Sants via Latent": whose mail it is, while the address stays the server's own.
        fromName: lab?.name ? translator(locale, "labs")("mailFrom", { lab: lab.name }) : undefined,
        lab: lab ? toLab(lab) : blank(labId),
      };
    },
  };
}

export type LabProfileService = ReturnType<typeof createLabProfileService>;
