import type { Film } from "@latent/domain/films";

/** The slice of i18next's `t` used here. */
interface Translate {
  (key: string): string;
  (key: string, options: Record<string, unknown>): string;
}

/** What a roll is called on screen: its name or code, else its stock. */
export const filmTitle = (film: Pick<Film, "name" | "brand" | "model">) => film.name.trim() || `${film.brand} ${film.model}`.trim();

/** "+2 (push)", "−1 (pull)", "Box speed" (films namespace). */
export function formatPushPull(stops: number, t: Translate): string {
  if (stops === 0) return t("films:pushPull.none");
  return t(stops > 0 ? "films:pushPull.push" : "films:pushPull.pull", { stops: stops > 0 ? `+${stops}` : `−${Math.abs(stops)}` });
}

/** The twelve month names in the user's language. */
export function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: "long" });
  return Array.from({ length: 12 }, (_, i) => {
    const name = format.format(new Date(2000, i, 1));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}

/** When the roll was shot: "July 2025", "2025", "July", or null when neither is known. */
export function shotDate(film: Pick<Film, "month" | "year">, locale: string): string | null {
  if (film.year !== null && film.month !== null) {
    return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(new Date(film.year, film.month - 1, 1));
  }
  if (film.year !== null) return String(film.year);
  if (film.month !== null) return monthNames(locale)[film.month - 1] ?? null;
  return null;
}

/** A file size in the user's language: "2.4 MB". */
export function fileSize(bytes: number, locale: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
