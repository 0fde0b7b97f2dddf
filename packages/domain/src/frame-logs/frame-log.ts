import { z } from "zod";
import {
  APERTURE_RANGE,
  COMPENSATION_RANGE_EV,
  FOCAL_RANGE_MM,
  type FrameExposure,
  FrameExposureSchema,
  parseShutterSpeed,
  SHUTTER_RANGE_S,
  shutterText,
} from "../frame-exposure.ts";

/** The film-logging apps whose exports Latent reads (issue 28). */
export const FRAME_LOG_FORMATS = ["exif-notes-json", "exif-notes-csv", "film-rolls-xml", "lightme-json"] as const;
export type FrameLogFormat = (typeof FRAME_LOG_FORMATS)[number];

/** One logged frame: its number on the roll as the log counts it, and what the log noted of its exposure. */
export interface LoggedFrame {
  frame: number;
  exposure: Partial<FrameExposure>;
  camera?: string;
  lens?: string;
}

/** One roll of a log, with the roll-level facts the log has; a log may hold several rolls (Film Rolls, Lightme). */
export interface LoggedRoll {
  name?: string;
  film_stock?: string;
  iso?: number;
  camera?: string;
  frames: LoggedFrame[];
}

export interface FrameLog {
  format: FrameLogFormat;
  rolls: LoggedRoll[];
}

/** A file that is not a log Latent can read; its message says why, in English (the API's 400 carries it). */
export class FrameLogError extends Error {
  override name = "FrameLogError";
}

/** How a reader places a time written without its zone (the camera's clock, in the photographer's zone). */
export interface ReadOptions {
  /** An IANA zone ("Europe/Madrid"); UTC when absent or unknown. */
  timeZone?: string;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** The offset of `timeZone` at a UTC instant, in minutes east of UTC (0 for an unknown zone). */
function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  try {
    const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(new Date(utcMs))
      .find((p) => p.type === "timeZoneName")?.value;
    const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? "");
    if (!m) return 0;
    return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
  } catch {
    return 0;
  }
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
const offsetText = (minutes: number) => `${minutes < 0 ? "-" : "+"}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * A time as `2026-11-27T14:03:00+01:00`: one with its own offset keeps it; a local one ("2024-06-01 10:20",
 * "2024-06-01T10:20:30") takes the offset `timeZone` had at that wall-clock time. Null when it is not a time.
 */
export function takenAt(text: string | null | undefined, options: ReadOptions = {}): string | null {
  const value = (text ?? "").trim();
  if (!value) return null;
  const zoned = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})$/i.exec(value);
  if (zoned) {
    const time = zoned[2]!.length === 5 ? `${zoned[2]}:00` : zoned[2]!.padStart(8, "0");
    const zone = zoned[3]!.toUpperCase() === "Z" ? "+00:00" : zoned[3]!.replace(/^([+-]\d{2})(\d{2})$/, "$1:$2");
    const out = `${zoned[1]}T${time}${zone}`;
    return Number.isNaN(Date.parse(out)) ? null : out;
  }
  const local = LOCAL_TIME.exec(value);
  if (!local) return null;
  const [y, mo, d, h, mi, s] = local.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== d || h > 23) return null;
  const zone = options.timeZone ?? "UTC";
  // The zone's offset at the wall time read as UTC, then again at the instant that gives: right across a DST change.
  let offset = zoneOffsetMinutes(wall, zone);
  offset = zoneOffsetMinutes(wall - offset * 60_000, zone);
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}${offsetText(offset)}`;
}

/** An f-number as logs write it ("8", "8.0", "f/5.6", "f5,6", "ƒ/2.8"); null outside f/0.7–f/128 or not a number. */
export function readAperture(value: unknown): number | null {
  const text = String(value ?? "")
    .trim()
    .replace(/^[fƒ]\s*\/?\s*/i, "")
    .replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const n = Number(text);
  return n >= APERTURE_RANGE.min && n <= APERTURE_RANGE.max ? n : null;
}

/** A focal length in mm ("50", "50mm", 50); null when none (Exif Notes writes 0 for none) or past the limits. */
export function readFocalLength(value: unknown): number | null {
  const n = Number(
    String(value ?? "")
      .trim()
      .replace(/\s*mm$/i, ""),
  );
  return Number.isFinite(n) && n >= FOCAL_RANGE_MM.min && n <= FOCAL_RANGE_MM.max ? n : null;
}

/**
 * An exposure compensation as apps write it: "+1/3", "-2/3", "+1 1/3", "-0.7", "0", "1/2"; rounded to a tenth of a
 * stop. Null when it is not one or past ±10 EV.
 */
export function readCompensation(value: unknown): number | null {
  const text = String(value ?? "")
    .trim()
    .replace(",", ".")
    .replace(/\s*EV$/i, "");
  const m = /^([+-]?)(?:(\d+(?:\.\d+)?)|(?:(\d+)\s+)?(\d+)\/(\d+))$/.exec(text);
  if (!m) return null;
  const sign = m[1] === "-" ? -1 : 1;
  const magnitude = m[2] !== undefined ? Number(m[2]) : Number(m[3] ?? 0) + Number(m[4]) / Number(m[5]);
  if (!Number.isFinite(magnitude)) return null;
  const ev = Math.round(sign * magnitude * 10) / 10 || 0;
  return ev >= COMPENSATION_RANGE_EV.min && ev <= COMPENSATION_RANGE_EV.max ? ev : null;
}

/** A shutter speed in seconds as a number (EXIF's ExposureTime: 0.008 → "1/125"); null past the limits. */
export function shutterFromSeconds(seconds: number): string | null {
  if (!Number.isFinite(seconds) || seconds < SHUTTER_RANGE_S.min * 0.999 || seconds > SHUTTER_RANGE_S.max) return null;
  // EXIF rounds 1/125 to 0.008: a value close to a whole reciprocal is that fraction.
  if (seconds < 1) {
    const denominator = Math.round(1 / seconds);
    if (Math.abs(1 / denominator - seconds) / seconds < 0.01) return `1/${denominator}`;
  }
  return shutterText(seconds);
}

/** A shutter speed as written by a log ("1/125", `2"`, "B"), normalised; null when it is not one. */
export const readShutter = (value: unknown): string | null =>
  typeof value === "number" ? shutterFromSeconds(value) : parseShutterSpeed(String(value ?? ""))?.text || null;

/**
 * A shutter speed from an app where a bare number is seconds ("2" is two seconds, "1/2" half of one; Exif Notes and
 * Film Rolls write it so), unlike a paper log sheet where "125" means 1/125.
 */
export function readShutterBareSeconds(value: unknown): string | null {
  const text = String(value ?? "").trim();
  const fraction = /^(\d+)\/(\d+)$/.exec(text);
  if (fraction) return Number(fraction[2]) === 0 ? null : shutterFromSeconds(Number(fraction[1]) / Number(fraction[2]));
  if (/^\d+(\.\d+)?$/.test(text)) return shutterFromSeconds(Number(text));
  return readShutter(text);
}

/** A frame number as logs write it ("1", "01", "00", "0", 12); null when it is not one. */
export function readFrameNumber(value: unknown): number | null {
  const text = String(value ?? "").trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** A latitude or longitude within its range, or null. */
export function readCoordinate(value: unknown, limit: 90 | 180): number | null {
  if (value === null || value === undefined || String(value).trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** Degrees, minutes and seconds as `57deg 42' 3" N` or `60° 10' 12.3" N`, in decimal degrees; null otherwise. */
export function readDms(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:deg|°)\s*(?:(\d+(?:\.\d+)?)\s*'\s*)?(?:(\d+(?:\.\d+)?)\s*"\s*)?([NSEW])\s*$/i.exec(text);
  if (!m) return null;
  const value = Number(m[1]) + Number(m[2] ?? 0) / 60 + Number(m[3] ?? 0) / 3600;
  return Math.round(value * (/[SW]/i.test(m[4]!) ? -1 : 1) * 1e6) / 1e6;
}

/** Non-empty trimmed text, or undefined. */
export const textOf = (value: unknown): string | undefined => {
  const text = typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
  return text ? text : undefined;
};

/**
 * Keeps only the fields that pass the exposure rules (a log's odd value is left out, never refused as a whole): what
 * the import would write is always something the shot form accepts.
 */
export function cleanExposure(exposure: Partial<Record<keyof FrameExposure, unknown>>): Partial<FrameExposure> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(exposure)) {
    if (value === null || value === undefined || value === "") continue;
    const one = FrameExposureSchema.pick({ [field]: true } as Record<keyof FrameExposure, true>).safeParse({ [field]: value });
    if (one.success && (one.data as Record<string, unknown>)[field] != null) out[field] = (one.data as Record<string, unknown>)[field];
  }
  return out as Partial<FrameExposure>;
}

/** The roll-level facts, as the API answers them. */
export const LoggedRollSummarySchema = z.object({
  name: z.string().nullable(),
  film_stock: z.string().nullable(),
  iso: z.number().nullable(),
  camera: z.string().nullable(),
  frames: z.number(),
});
