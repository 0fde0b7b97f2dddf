import { inactiveDue } from "@latent/domain/user";

type Translate = (key: "inactive.today" | "inactive.tomorrow" | "inactive.onDate", options: { date?: string }) => string;

/** The profile's due-date text (spec §3): 'today', 'tomorrow' or 'on {date}' in the locale's date format. */
export function inactiveDueText(t: Translate, locale: string, inactiveSince: string, now: Date): string {
  const due = inactiveDue(inactiveSince, now);
  if (due.text === "today") return t("inactive.today", {});
  if (due.text === "tomorrow") return t("inactive.tomorrow", {});
  return t("inactive.onDate", { date: new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(due.date) });
}
