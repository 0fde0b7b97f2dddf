import { exposureIndex } from "@latent/domain/exposure-index";
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

/** A film speed as photographers write it: no thousands separator ("ISO 1600", "EI 12800"). */
export function formatSpeed(speed: number, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 }).format(speed);
}

/** Push/pull with the speed it makes of the roll's ISO: "+1 (push) · EI 800", "Box speed" (films namespace). */
export function formatPushPullAt(stops: number, iso: number, t: Translate, locale: string): string {
  if (stops === 0) return formatPushPull(0, t);
  return `${formatPushPull(stops, t)} · ${t("films:exposureIndex", { ei: formatSpeed(exposureIndex(iso, stops), locale) })}`;
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
