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
  readShutterBareSeconds,
  takenAt,
  textOf,
} from "./frame-log.ts";

/*
 * Exif Notes (Android, Tommi Hirvonen) exports a roll two ways, read from its exporter's source
 * (github.com/tommi1hirvonen/ExifNotes, app/.../di/export/JsonBuilder.kt and CsvBuilder.kt, core/.../entities):
 * - JSON: the Roll entity as kotlinx.serialization writes it — `name`, `iso`, `camera{make,model}`,
 *   `filmStock{make,model,iso}`, `frames[{count, date (local, "2024-06-01T10:20:30"), shutter ("1/125", `2"`, "B"),
 *   aperture ("8", "5.6"), focalLength (0 = none), exposureComp ("+1/3", "-1 2/3"), location{latitude,longitude},
 *   formattedAddress, note, lens{make,model}, filters[{make,model}]}]`; fields left empty are absent.
 * - CSV: "Key: value" lines for the roll (Roll name, Film stock, ISO, Camera…), then a header row starting
 *   "Frame Count" and one row per frame: the date "yyyy-MM-dd HH:mm", the aperture written "f8.0", the location in
 *   degrees, minutes and seconds. Its shutter column is not quoted, so `2"` appears bare in a row.
 */

const gearName = (gear: unknown) => {
  if (!gear || typeof gear !== "object") return undefined;
  const { make, model } = gear as { make?: unknown; model?: unknown };
  return textOf([textOf(make), textOf(model)].filter(Boolean).join(" "));
};

/** Reads an Exif Notes JSON export (one roll). */
export function readExifNotesJson(data: unknown, options: ReadOptions = {}): LoggedRoll {
  if (!data || typeof data !== "object" || !Array.isArray((data as { frames?: unknown }).frames))
    throw new FrameLogError("This JSON has no frames list: export the roll from Exif Notes as JSON");
  const roll = data as Record<string, unknown>;
  const frames: LoggedFrame[] = [];
  for (const item of roll.frames as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const f = item as Record<string, unknown>;
    const frame = readFrameNumber(f.count);
    if (frame === null) continue;
    const location = (f.location ?? {}) as { latitude?: unknown; longitude?: unknown };
    const filters = Array.isArray(f.filters) ? f.filters.map(gearName).filter(Boolean).join(", ") : undefined;
    frames.push({
      frame,
      exposure: cleanExposure({
        aperture: readAperture(f.aperture),
        shutter: readShutterBareSeconds(f.shutter),
        focal_length: readFocalLength(f.focalLength),
        exposure_compensation: readCompensation(f.exposureComp),
        taken_at: takenAt(textOf(f.date), options),
        latitude: readCoordinate(location.latitude, 90),
        longitude: readCoordinate(location.longitude, 180),
        place: textOf(f.formattedAddress),
        filter: textOf(filters),
        note: textOf(f.note),
      }),
      ...(gearName(f.lens) ? { lens: gearName(f.lens) } : {}),
    });
  }
  const stock = roll.filmStock as { iso?: unknown } | undefined;
  const iso = Number(roll.iso) || Number(stock?.iso) || undefined;
  return {
    ...(textOf(roll.name) ? { name: textOf(roll.name) } : {}),
    ...(gearName(stock) ? { film_stock: gearName(stock) } : {}),
    ...(iso ? { iso } : {}),
    ...(gearName(roll.camera) ? { camera: gearName(roll.camera) } : {}),
    frames,
  };
}

/**
 * Splits CSV text into rows of fields (RFC 4180: a field that starts with a quote runs to its closing quote, `""` is a
 * quote). A quote inside an unquoted field is kept as it is: Exif Notes writes `2"` unquoted.
 */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
      continue;
    }
    if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (c === ",") {
      row.push(field);
      field = "";
      atStart = true;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      atStart = true;
    } else {
      field += c;
      atStart = false;
    }
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads an Exif Notes CSV export (one roll). */
export function readExifNotesCsv(text: string, options: ReadOptions = {}): LoggedRoll {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headerAt = lines.findIndex((line) => /^"?Frame Count"?,/i.test(line));
  if (headerAt < 0) throw new FrameLogError('This CSV has no "Frame Count" header row: export the roll from Exif Notes as CSV');
  const facts = new Map<string, string>();
  for (const line of lines.slice(0, headerAt)) {
    const m = /^([^:]+):\s?(.*)$/.exec(line);
    if (m) facts.set(m[1]!.trim().toLowerCase(), m[2]!.trim());
  }
  const [header = [], ...rows] = csvRows(lines.slice(headerAt).join("\n"));
  const column = (name: string) => header.findIndex((h) => h.trim().toLowerCase() === name);
  const at = {
    frame: column("frame count"),
    date: column("date"),
    lens: column("lens"),
    shutter: column("shutter"),
    aperture: column("aperture"),
    focal: column("focal length"),
    compensation: column("exposure compensation"),
    note: column("notes"),
    filter: column("filter"),
    location: column("location"),
    address: column("address"),
  };
  const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? "").trim() : "");
  const frames: LoggedFrame[] = [];
  for (const row of rows) {
    const frame = readFrameNumber(cell(row, at.frame));
    if (frame === null) continue;
    const [lat, lon] = /^(.+?[NS])\s+(.+?[EW])$/i.exec(cell(row, at.location))?.slice(1) ?? [];
    frames.push({
      frame,
      exposure: cleanExposure({
        aperture: readAperture(cell(row, at.aperture)),
        shutter: readShutterBareSeconds(cell(row, at.shutter)),
        focal_length: readFocalLength(cell(row, at.focal)),
        exposure_compensation: readCompensation(cell(row, at.compensation)),
        taken_at: takenAt(cell(row, at.date), options),
        latitude: lat ? readDms(lat) : null,
        longitude: lon ? readDms(lon) : null,
        place: textOf(cell(row, at.address)),
        filter: textOf(cell(row, at.filter).split("|").join(", ")),
        note: textOf(cell(row, at.note)),
      }),
      ...(textOf(cell(row, at.lens)) ? { lens: cell(row, at.lens) } : {}),
    });
  }
  const iso = Number(facts.get("iso")) || undefined;
  return {
    ...(textOf(facts.get("roll name")) ? { name: facts.get("roll name") } : {}),
    ...(textOf(facts.get("film stock")) ? { film_stock: facts.get("film stock") } : {}),
    ...(iso ? { iso } : {}),
    ...(textOf(facts.get("camera")) ? { camera: facts.get("camera") } : {}),
    frames,
  };
}
