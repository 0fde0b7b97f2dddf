import {
  cleanExposure,
  FrameLogError,
  type LoggedFrame,
  type LoggedRoll,
  type ReadOptions,
  readAperture,
  readCompensation,
  readCoordinate,
  readFrameNumber,
  readShutterBareSeconds,
  takenAt,
  textOf,
} from "./frame-log.ts";

/*
 * Film Rolls (iOS) exports its whole library as XML, read from the readers its users wrote
 * (github.com/urdh/filmrolls lib/filmrolls/xmlformat.rb and test/data/filmrolls.xml; github.com/urdh/filmrolls-rs
 * src/rolls/filmrolls.rs): `<data><filmRolls><filmRoll>` with `title` (the film stock), `speed` (ISO), `camera`,
 * `load`/`unload`, `note` (the roll's own id), then `<frames><frame>` with `lens`, `aperture` ("5.6", or "Tv"/"S"
 * under shutter priority), `shutterSpeed` (a ratio of seconds: "1/500", "2"; "Av" under aperture priority),
 * `compensation` (a ratio: "1/3", "-2/3", empty), `accessory`, `number`, `date` (RFC 3339, or local with fractional
 * seconds), `latitude`, `longitude` and `note`.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** An element's text: CDATA kept as is, entities decoded. */
function xmlText(raw: string): string {
  return raw
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, cdata: string | undefined, entity: string | undefined) => {
      if (cdata !== undefined) return cdata;
      if (entity!.startsWith("#x") || entity!.startsWith("#X")) return String.fromCodePoint(Number.parseInt(entity!.slice(2), 16));
      if (entity!.startsWith("#")) return String.fromCodePoint(Number(entity!.slice(1)));
      return ENTITIES[entity!] ?? whole;
    })
    .trim();
}

/** The blocks of an element named `name` (any namespace prefix), in order. */
function blocks(xml: string, name: string): string[] {
  const pattern = new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${name}>`, "g");
  return [...xml.matchAll(pattern)].map((m) => m[1]!);
}

/** The text of the first `name` child of a flat block ("" when absent or empty). */
const child = (block: string, name: string) => xmlText(blocks(block, name)[0] ?? "");

/** Reads a Film Rolls XML export: every roll in it. */
export function readFilmRollsXml(xml: string, options: ReadOptions = {}): LoggedRoll[] {
  const cleaned = xml.replace(/<!--[\s\S]*?-->/g, "");
  if (!/<(?:\w+:)?filmRolls[\s>]/.test(cleaned) && !/<(?:\w+:)?filmRoll[\s>]/.test(cleaned))
    throw new FrameLogError("This XML has no film rolls: export your rolls from Film Rolls");
  return blocks(cleaned, "filmRoll").map((rollXml) => {
    const framesXml = blocks(rollXml, "frames")[0] ?? "";
    // The roll's own fields, without its frames' (a frame has a note and a lens too).
    const own = rollXml.replace(/<(?:\w+:)?frames(?:\s[^>]*)?>[\s\S]*?<\/(?:\w+:)?frames>/, "");
    const frames: LoggedFrame[] = blocks(framesXml, "frame").flatMap((frameXml, position) => {
      const written = child(frameXml, "number");
      // A frame without a number is counted by its place in the list, as the app lists them.
      const frame = written ? readFrameNumber(written) : position + 1;
      if (frame === null) return [];
      const lat = readCoordinate(child(frameXml, "latitude"), 90);
      const lon = readCoordinate(child(frameXml, "longitude"), 180);
      // 0, 0 is what the app writes for a frame without a place.
      const located = lat !== null && lon !== null && !(lat === 0 && lon === 0);
      const lens = textOf(child(frameXml, "lens"));
      return [
        {
          frame,
          exposure: cleanExposure({
            aperture: readAperture(child(frameXml, "aperture")),
            shutter: readShutterBareSeconds(child(frameXml, "shutterSpeed")),
            exposure_compensation: readCompensation(child(frameXml, "compensation")),
            taken_at: takenAt(child(frameXml, "date"), options),
            latitude: located ? lat : null,
            longitude: located ? lon : null,
            filter: textOf(child(frameXml, "accessory")),
            note: textOf(child(frameXml, "note")),
          }),
          ...(lens ? { lens } : {}),
        },
      ];
    });
    const iso = Number(child(own, "speed")) || undefined;
    const name = textOf(child(own, "note"));
    const stock = textOf(child(own, "title"));
    const camera = textOf(child(own, "camera"));
    return {
      ...(name ? { name } : {}),
      ...(stock ? { film_stock: stock } : {}),
      ...(iso ? { iso } : {}),
      ...(camera ? { camera } : {}),
      frames,
    };
  });
}
