import type { EmailPlaceholder } from "@latent/domain/labs";

/** How a placeholder is written in a template. */
export const placeholderToken = (name: EmailPlaceholder) => `{{${name}}}`;

export interface Insertion {
  text: string;
  /** Where the cursor goes: just after the inserted text. */
  cursor: number;
}

/**
 * Puts `insert` in place of the selection `[start, end)` of `text` (a plain cursor when both are equal). Positions
 * out of range are clamped, so a field that lost its selection inserts at the end.
 */
export function insertAtCursor(text: string, insert: string, start: number | null, end: number | null = start): Insertion {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

/** A week from `now`: a usual link lifetime for the preview. */
const PREVIEW_EXPIRY_MS = 7 * 24 * 60 * 60 * 1000;

/** The sample order the live preview fills the template with; the date is written as the customer's language writes it. */
export function sampleValues({
  labName,
  locale,
  origin,
  now = new Date(),
}: {
  labName: string;
  locale: string;
  origin: string;
  now?: Date;
}) {
  const values: Record<EmailPlaceholder, string> = {
    customer_name: "Ana García",
    order_reference: "#1024",
    link: `${origin}/order?code=SAMPLE`,
    expires_at: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(
      new Date(now.getTime() + PREVIEW_EXPIRY_MS),
    ),
    lab_name: labName,
  };
  return values;
}
