import { type FrameExposure, FrameExposureSchema, type ShotExposure } from "@latent/domain/frame-exposure";

/** A frame's exposure as its form holds it: text as typed, the time split into the camera's clock and its zone. */
export interface ExposureValues {
  aperture: string;
  shutter: string;
  focalLength: string;
  compensation: string;
  /** "2026-08-14T19:32", as a datetime-local field gives it. */
  takenAt: string;
  /** "+02:00": the offset of the clock the time was read from. */
  takenZone: string;
  place: string;
  latitude: string;
  longitude: string;
  filter: string;
  note: string;
}

export type ExposureField = keyof ExposureValues;

const pad = (n: number) => String(n).padStart(2, "0");
const zoneText = (minutes: number) => `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** UTC offsets in use, from -12:00 to +14:00 every quarter hour. */
export const ZONE_OFFSETS = Array.from({ length: (26 * 60) / 15 + 1 }, (_, i) => zoneText(-12 * 60 + i * 15));

/** This browser's offset now, the likeliest zone of a frame being noted. */
export const browserZone = (at = new Date()) => zoneText(-at.getTimezoneOffset());

const text = (n: number | null) => (n === null ? "" : String(n));

export function exposureValues(exposure: ShotExposure, zone = browserZone()): ExposureValues {
  const taken = exposure.taken_at ? /^(.{16})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(exposure.taken_at) : null;
  return {
    aperture: text(exposure.aperture),
    shutter: exposure.shutter ?? "",
    focalLength: text(exposure.focal_length),
    compensation: text(exposure.exposure_compensation),
    takenAt: taken?.[1] ?? "",
    takenZone: taken ? (taken[2] === "Z" ? "+00:00" : taken[2]!) : zone,
    place: exposure.place ?? "",
    latitude: text(exposure.latitude),
    longitude: text(exposure.longitude),
    filter: exposure.filter ?? "",
    note: exposure.note ?? "",
  };
}

/** A number as typed ("5,6" as much as "5.6"); null for an empty field, NaN for one that is not a number. */
const numberOf = (value: string) => (value.trim() === "" ? null : Number(value.trim().replace(",", ".").replace(/^f\//i, "")));
const textOf = (value: string) => value.trim() || null;

/** The body's `exposure`: every field, an empty one as null (cleared). */
export function exposureBody(values: ExposureValues): FrameExposure {
  return {
    aperture: numberOf(values.aperture),
    shutter: textOf(values.shutter),
    focal_length: numberOf(values.focalLength),
    exposure_compensation: numberOf(values.compensation),
    taken_at: values.takenAt ? `${values.takenAt}:00${values.takenZone}` : null,
    latitude: numberOf(values.latitude),
    longitude: numberOf(values.longitude),
    place: textOf(values.place),
    filter: textOf(values.filter),
    note: textOf(values.note),
  };
}

const FIELD_OF: Record<string, ExposureField> = {
  aperture: "aperture",
  shutter: "shutter",
  focal_length: "focalLength",
  exposure_compensation: "compensation",
  taken_at: "takenAt",
  latitude: "latitude",
  longitude: "longitude",
  place: "place",
  filter: "filter",
  note: "note",
};

/** The form's fields that break the domain's rules (the server checks the same), each once. */
export function invalidExposureFields(values: ExposureValues): ExposureField[] {
  const parsed = FrameExposureSchema.safeParse(exposureBody(values));
  if (parsed.success) return [];
  return [...new Set(parsed.error.issues.map((issue) => FIELD_OF[String(issue.path[0])]).filter((f): f is ExposureField => !!f))];
}
