import { z } from "zod";

/**
 * A frame's exposure as photographers note it (issue 28): aperture, shutter speed as written ("1/125", `2"`, "B"),
 * focal length, exposure compensation, when and where it was taken, a filter and a note. The limits are the widest
 * real lenses and shutters: f/0.7 to f/128, 1/16000 s to a day-long exposure, 1 to 2000 mm.
 */
export const APERTURE_RANGE = { min: 0.7, max: 128 } as const;
export const SHUTTER_RANGE_S = { min: 1 / 16000, max: 24 * 3600 } as const;
export const FOCAL_RANGE_MM = { min: 1, max: 2000 } as const;
export const COMPENSATION_RANGE_EV = { min: -10, max: 10 } as const;

/** A shutter speed read: seconds for a timed exposure; null seconds for bulb (B) or time (T), timed by hand. */
export interface ShutterSpeed {
  /** As photographers write it, normalised: "1/125", `2"`, "B". */
  text: string;
  seconds: number | null;
}

const trimZeros = (n: number) => String(Number(n.toFixed(4)));

/** The way a speed of `seconds` is written: "1/125" below one second, `2"` or `1.5"` from one second up. */
export function shutterText(seconds: number): string {
  if (seconds < 1) {
    const denominator = Math.round(1 / seconds);
    // 0.3 s is written 0.3", not 1/3: only exact reciprocals read as fractions.
    return Math.abs(1 / denominator - seconds) < 1e-9 ? `1/${denominator}` : `${trimZeros(seconds)}"`;
  }
  return `${trimZeros(seconds)}"`;
}

/**
 * Reads a shutter speed as written: "1/125", "1/125s", "125" (a bare number above 1 is a fraction on a dial, as on
 * most log sheets), `2"`, "2s", "0.5", "1/2", "30 s", `2'` (minutes), "B", "T". Null when it is not a speed, or outside
 * 1/16000 s and 24 h.
 */
export function parseShutterSpeed(input: string): ShutterSpeed | null {
  const text = input.trim().replace(/\s+/g, "").replace(/[″”]/g, '"').replace(/[′’]/g, "'").toLowerCase();
  if (text === "b" || text === "bulb") return { text: "B", seconds: null };
  if (text === "t") return { text: "T", seconds: null };
  let seconds: number | null = null;
  const fraction = /^1\/(\d+(?:\.\d+)?)s?$/.exec(text);
  const timed = /^(\d+(?:[.,]\d+)?)(s|sec|"|')$/.exec(text);
  const bare = /^(\d+(?:[.,]\d+)?)$/.exec(text);
  if (fraction) seconds = 1 / Number(fraction[1]);
  else if (timed) seconds = Number(timed[1]!.replace(",", ".")) * (timed[2] === "'" ? 60 : 1);
  else if (bare) {
    const n = Number(bare[1]!.replace(",", "."));
    seconds = n >= 2 && Number.isInteger(n) ? 1 / n : n;
  }
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  // A little slack for the rounding of 1/16000.
  if (seconds < SHUTTER_RANGE_S.min * 0.999 || seconds > SHUTTER_RANGE_S.max) return null;
  return { text: shutterText(seconds), seconds };
}

const inRange = (min: number, max: number, message: string) =>
  z.number({ error: message }).refine((n) => Number.isFinite(n) && n >= min && n <= max, { message });

/** A frame's exposure fields; each may be left out or cleared with null. */
export const FrameExposureSchema = z.object({
  aperture: inRange(APERTURE_RANGE.min, APERTURE_RANGE.max, "Enter an aperture between f/0.7 and f/128").nullish(),
  shutter: z
    .string()
    .trim()
    .max(20)
    .refine((s) => parseShutterSpeed(s) !== null, {
      message: 'Enter a shutter speed between 1/16000 and 24 hours, such as 1/125, 2" or B',
    })
    .transform((s) => parseShutterSpeed(s)!.text)
    .nullish(),
  focal_length: inRange(FOCAL_RANGE_MM.min, FOCAL_RANGE_MM.max, "Enter a focal length between 1 and 2000 mm").nullish(),
  exposure_compensation: inRange(
    COMPENSATION_RANGE_EV.min,
    COMPENSATION_RANGE_EV.max,
    "Enter an exposure compensation between -10 and +10 EV",
  ).nullish(),
  /** When the frame was taken, with the offset of where it was taken ("2026-11-27T14:03:00+01:00"). */
  taken_at: z.iso.datetime({ offset: true, error: "Enter a date and time with its time zone, such as 2026-11-27T14:03+01:00" }).nullish(),
  latitude: inRange(-90, 90, "Enter a latitude between -90 and 90").nullish(),
  longitude: inRange(-180, 180, "Enter a longitude between -180 and 180").nullish(),
  place: z.string().trim().max(200, "Keep the place name under 200 characters").nullish(),
  filter: z.string().trim().max(100, "Keep the filter under 100 characters").nullish(),
  note: z.string().trim().max(2000, "Keep the note under 2000 characters").nullish(),
});
export type FrameExposure = z.infer<typeof FrameExposureSchema>;

/** The exposure fields, in the order forms and exports list them (and the shot columns that hold them). */
export const FRAME_EXPOSURE_FIELDS = [
  "aperture",
  "shutter",
  "focal_length",
  "exposure_compensation",
  "taken_at",
  "latitude",
  "longitude",
  "place",
  "filter",
  "note",
] as const satisfies readonly (keyof FrameExposure)[];

/** A shot's exposure as the API answers it: every field, null when not noted. */
export const ShotExposureSchema = z.object({
  aperture: z.number().nullable(),
  shutter: z.string().nullable(),
  focal_length: z.number().nullable(),
  exposure_compensation: z.number().nullable(),
  taken_at: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  place: z.string().nullable(),
  filter: z.string().nullable(),
  note: z.string().nullable(),
});
export type ShotExposure = z.infer<typeof ShotExposureSchema>;

/** A frame with nothing noted yet. */
export const NO_EXPOSURE: ShotExposure = Object.freeze({
  aperture: null,
  shutter: null,
  focal_length: null,
  exposure_compensation: null,
  taken_at: null,
  latitude: null,
  longitude: null,
  place: null,
  filter: null,
  note: null,
});

/** Picks a row's exposure fields (a shot row has them under the same names). */
export function exposureOf(row: { [K in (typeof FRAME_EXPOSURE_FIELDS)[number]]: ShotExposure[K] }): ShotExposure {
  return Object.fromEntries(FRAME_EXPOSURE_FIELDS.map((f) => [f, row[f] ?? null])) as ShotExposure;
}

/** What a NOSSAFLEX-style file name says of its frame (`NO03_SS250_A8_FL80_EX0.jpg`). */
export interface NossaflexFrame {
  frame: number;
  shutter: string | null;
  aperture: number | null;
  focal_length: number | null;
  exposure_compensation: number | null;
}

/**
 * Reads a NOSSAFLEX-style name: `NO<frame>` then any of `SS<speed>` (250 → 1/250; 2s or 2" → 2 seconds), `A<f-number>`
 * (8, 5.6 or 5,6), `FL<mm>` and `EX<EV>` (0, +1, -0.7), joined by underscores; null when it is not one.
 */
export function parseNossaflexName(fileName: string): NossaflexFrame | null {
  const stem = fileName.replace(/\.[^.]+$/, "");
  const parts = stem.split("_");
  const head = /^NO(\d{1,3})$/i.exec(parts[0] ?? "");
  if (!head) return null;
  const frame: NossaflexFrame = { frame: Number(head[1]), shutter: null, aperture: null, focal_length: null, exposure_compensation: null };
  for (const part of parts.slice(1)) {
    const [, key = "", raw = ""] = /^(SS|A|FL|EX)(.+)$/i.exec(part) ?? [];
    const value = raw.replace(",", ".");
    if (key.toUpperCase() === "SS")
      frame.shutter = parseShutterSpeed(/^\d+$/.test(value) && Number(value) >= 2 ? `1/${value}` : value)?.text ?? null;
    else if (key.toUpperCase() === "A" && Number(value) >= APERTURE_RANGE.min && Number(value) <= APERTURE_RANGE.max)
      frame.aperture = Number(value);
    else if (key.toUpperCase() === "FL" && Number(value) >= FOCAL_RANGE_MM.min && Number(value) <= FOCAL_RANGE_MM.max)
      frame.focal_length = Number(value);
    else if (key.toUpperCase() === "EX" && /^[+-]?\d+(\.\d+)?$/.test(value)) frame.exposure_compensation = Number(value);
  }
  return frame;
}

/** The exposure a NOSSAFLEX-style file name carries, as shot columns (only what it says); empty for other names. */
export function exposureFromFileName(fileName: string | null | undefined): Partial<ShotExposure> {
  const frame = fileName ? parseNossaflexName(fileName) : null;
  if (!frame) return {};
  const { frame: _frame, ...settings } = frame;
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== null));
}
