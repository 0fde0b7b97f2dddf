import {
  cleanExposure,
  FrameLogError,
  type LoggedFrame,
  type LoggedRoll,
  type ReadOptions,
  readAperture,
  readCompensation,
  readCoordinate,
  readDms,
  readFocalLength,
  readFrameNumber,
  readShutter,
  takenAt,
  textOf,
} from "./frame-log.ts";

/*
 * Lightme Logbook (iOS) exports frames as ExifTool's JSON: an array with one object per frame, EXIF tag names as
 * keys. Lightme publishes no specification; the shape is read from a real export kept as a test fixture by
 * github.com/urdh/filmrolls-rs (tests/data/lightme.json, "Software": "Lightme - Logbook 2.2.3") and its reader
 * (src/rolls/lightme.rs): `ImageNumber` (the frame), `ReelName` (the roll), `DateTimeOriginal` ("2022:04:30
 * 18:29:15", the camera's local time), `ExposureTime` (seconds, 0.008), `FNumber`, `FocalLength`,
 * `GPSLatitude`/`GPSLongitude` as `57deg 42' 3" N`, `ISO`, `Make`/`Model`, `LensMake`/`LensModel`, `DocumentName`
 * (the film stock), `Notes`.
 */

/** EXIF's "2022:04:30 18:29:15" (and an `OffsetTimeOriginal` when there is one) as an ISO time. */
function exifTime(value: unknown, offset: unknown, options: ReadOptions) {
  const text = textOf(value);
  if (!text) return null;
  const iso = text.replace(/^(\d{4}):(\d{2}):(\d{2})/, "$1-$2-$3");
  const zone = textOf(offset);
  return takenAt(zone && /^[+-]\d{2}:\d{2}$/.test(zone) ? `${iso}${zone}` : iso, options);
}

const coordinate = (value: unknown, limit: 90 | 180) =>
  typeof value === "number"
    ? readCoordinate(value, limit)
    : typeof value === "string"
      ? (readDms(value) ?? readCoordinate(value, limit))
      : null;

const joined = (make: unknown, model: unknown) => {
  const a = textOf(make);
  const b = textOf(model);
  // Lightme writes the maker into the model too ("Bessa R2M (Voigtländer)"): say it once.
  return a && b && !b.includes(a) ? `${a} ${b}` : (b ?? a);
};

/** Reads a Lightme Logbook JSON export: its frames grouped by roll (`ReelName`), in the order they come. */
export function readLightmeJson(data: unknown, options: ReadOptions = {}): LoggedRoll[] {
  if (!Array.isArray(data) || !data.some((item) => item && typeof item === "object" && "ImageNumber" in item))
    throw new FrameLogError("This JSON has no Lightme frames (ImageNumber): export the roll from Lightme as JSON");
  const rolls = new Map<string, LoggedRoll>();
  for (const item of data) {
    if (!item || typeof item !== "object") continue;
    const f = item as Record<string, unknown>;
    const frame = readFrameNumber(f.ImageNumber);
    if (frame === null) continue;
    const reel = textOf(f.ReelName) ?? "";
    let roll = rolls.get(reel);
    if (!roll) {
      const iso = Number(f.ISO ?? f.ISOSpeed) || undefined;
      const stock = textOf(f.DocumentName) ?? textOf(f.SpectralSensitivity);
      const camera = joined(f.Make, f.Model);
      roll = {
        ...(reel ? { name: reel } : {}),
        ...(stock ? { film_stock: stock } : {}),
        ...(iso ? { iso } : {}),
        ...(camera ? { camera } : {}),
        frames: [],
      };
      rolls.set(reel, roll);
    }
    const lens = joined(f.LensMake, f.LensModel);
    const camera = joined(f.Make, f.Model);
    const logged: LoggedFrame = {
      frame,
      exposure: cleanExposure({
        aperture: readAperture(f.FNumber),
        shutter: readShutter(
          typeof f.ExposureTime === "string" && /^\d+(\.\d+)?$/.test(f.ExposureTime) ? Number(f.ExposureTime) : f.ExposureTime,
        ),
        focal_length: readFocalLength(f.FocalLength),
        exposure_compensation: readCompensation(f.ExposureCompensation),
        taken_at: exifTime(f.DateTimeOriginal, f.OffsetTimeOriginal, options),
        latitude: coordinate(f.GPSLatitude, 90),
        longitude: coordinate(f.GPSLongitude, 180),
        note: textOf(f.Notes) ?? textOf(f.ImageDescription),
      }),
      ...(camera ? { camera } : {}),
      ...(lens ? { lens } : {}),
    };
    roll.frames.push(logged);
  }
  return [...rolls.values()];
}
