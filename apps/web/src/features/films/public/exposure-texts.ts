import type { ShotExposure } from "@latent/domain/frame-exposure";

/** The texts a frame's exposure is shown with, each already in the reader's language. */
export interface ExposureWords {
  aperture: string;
  shutter: string;
  focalLength: string;
  compensation: string;
  takenAt: string;
  place: string;
  filter: string;
  note: string;
}

const EXPOSURE_KEYS = {
  aperture: "exposure.aperture",
  shutter: "exposure.shutter",
  focalLength: "exposure.focalLength",
  compensation: "exposure.compensation",
  takenAt: "exposure.takenAt",
  place: "exposure.place",
  filter: "exposure.filter",
  note: "exposure.note",
} as const;

/** The exposure's labels from the films texts (`t` of the films namespace). */
export function exposureWords(t: (key: (typeof EXPOSURE_KEYS)[keyof ExposureWords]) => string): ExposureWords {
  return Object.fromEntries(Object.entries(EXPOSURE_KEYS).map(([word, key]) => [word, t(key)])) as unknown as ExposureWords;
}

const number = (value: number, locale: string, digits = 1) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);

/**
 * A frame's noted exposure as label and value pairs, in the order photographers read a log sheet: only what was noted.
 * The time is shown as it was on the camera's clock, with its offset, not moved to the reader's zone.
 */
export function exposureRows(exposure: ShotExposure, words: ExposureWords, locale: string): [string, string][] {
  const rows: [string, string | null][] = [
    [words.aperture, exposure.aperture === null ? null : `f/${number(exposure.aperture, locale)}`],
    [
      words.shutter,
      exposure.shutter === null ? null : /^[BT]$/.test(exposure.shutter) ? exposure.shutter : `${exposure.shutter} s`.replace('" s', '"'),
    ],
    [words.focalLength, exposure.focal_length === null ? null : `${number(exposure.focal_length, locale)} mm`],
    [
      words.compensation,
      exposure.exposure_compensation === null
        ? null
        : `${exposure.exposure_compensation > 0 ? "+" : exposure.exposure_compensation < 0 ? "−" : "±"}${number(Math.abs(exposure.exposure_compensation), locale)} EV`,
    ],
    [words.takenAt, exposure.taken_at === null ? null : takenAtText(exposure.taken_at, locale)],
    [words.place, placeText(exposure, locale)],
    [words.filter, exposure.filter],
    [words.note, exposure.note],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== "");
}

/** "14 August 2026, 19:32 (UTC+02:00)": the date and time the frame's own clock showed. */
export function takenAtText(takenAt: string, locale: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(takenAt);
  if (!match) return takenAt;
  const [, day, hours, minutes, zone] = match;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
  return `${date}, ${hours}:${minutes} (UTC${zone === "Z" ? "" : zone})`;
}

function placeText(exposure: ShotExposure, locale: string): string | null {
  const coordinates =
    exposure.latitude !== null && exposure.longitude !== null
      ? `${number(exposure.latitude, locale, 5)}, ${number(exposure.longitude, locale, 5)}`
      : null;
  if (exposure.place && coordinates) return `${exposure.place} (${coordinates})`;
  return exposure.place || coordinates;
}
