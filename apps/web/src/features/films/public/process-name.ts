import type { Process } from "@latent/domain/film-config";

/** The slice of i18next's `t` used here. */
type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * A development process as the reader's language writes it, short ("B&W", "N&B", "C-41") for cards and lines,
 * or long ("B&W (black and white)") for choices. The API speaks the spec's codes (C-41, E-6, B/N, ECN-2); a code
 * this app does not know yet is shown as it came.
 */
export function processName(process: Process | string, t: Translate, form: "short" | "long" = "short"): string {
  return t(`films:${form === "short" ? "processCodes" : "processes"}.${process}`, { defaultValue: process });
}
