import type { RollEvent, RollStatus } from "@latent/domain/roll-life";

/** The slice of i18next's `t` used here. */
interface Translate {
  (key: string): string;
  (key: string, options: Record<string, unknown>): string;
}

/** The name of a roll's status on a badge ("At the lab"); a roll with no status yet is "Not started". */
export const statusText = (status: RollStatus | null, t: Translate) => t(`rollLife:status.${status ?? "none"}`);

/** The button that takes a roll to `status`: "Mark loaded", "Mark developed", "Keep the negatives at the lab". */
export const stepActionText = (status: RollStatus, t: Translate) => t(`rollLife:action.${status}`);

/** What one step of the history says happened: "Received by the lab", "Negatives returned". */
export const eventTitle = (status: RollStatus, t: Translate) => t(`rollLife:event.${status}`);

/**
 * What a step asks for before it is taken: the camera it was loaded in (optional), the lab it went to (required),
 * the carrier's tracking (optional) or the date the lab keeps the negatives until (required); null: one tap.
 */
export type StepDetails = "camera" | "lab" | "tracking" | "held-until";

export function stepDetails(status: RollStatus): StepDetails | null {
  switch (status) {
    case "loaded":
      return "camera";
    case "sent":
      return "lab";
    case "returned":
      return "tracking";
    case "archived":
      return "held-until";
    default:
      return null;
  }
}

/**
 * A calendar day (`2027-03-01`, as `held_until` is written) in the reader's words, read as that day wherever the
 * reader is: `new Date("2027-03-01")` is midnight UTC, the evening before west of Greenwich.
 */
export function formatDay(day: string, locale: string): string {
  const [year, month, date] = day.split("-").map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(year, month - 1, date));
}

/** The lines under a step of the timeline: who took it, which lab, camera and tracking, until when, the note. */
export function eventDetails(event: RollEvent, t: Translate, locale: string): string[] {
  const lines: (string | null)[] = [
    event.actor === "system" ? t("rollLife:details.system") : event.by ? t("rollLife:details.by", { name: event.by }) : null,
    event.lab_name ? t("rollLife:details.lab", { lab: event.lab_name }) : null,
    event.camera ? t("rollLife:details.camera", { camera: event.camera }) : null,
    event.tracking ? t("rollLife:details.tracking", { tracking: event.tracking }) : null,
    event.held_until ? t("rollLife:details.heldUntil", { date: formatDay(event.held_until, locale) }) : null,
    event.note,
  ];
  return lines.filter((line): line is string => Boolean(line));
}

/** The newest step first is how a reader scans a history; the API sends the oldest first. */
export const newestFirst = (events: readonly RollEvent[]) => [...events].reverse();
