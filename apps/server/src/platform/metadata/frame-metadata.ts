import { encoders, type IfdEntry, TAG } from "./tiff-ifd.ts";

/**
 * What a downloaded scan says of itself (issue 28): its film, development, camera, exposure and place, as the XMP
 * packet and EXIF entries written into the file. Built by the feature that knows rolls and shots; nothing here
 * knows where the values come from.
 */
export interface FrameMetadata {
  /** dc:title, the roll's name. */
  title: string;
  /** dc:description, the frame's note. */
  description: string | null;
  film: string;
  filmMaker: string;
  /** "Color Negative", "Slide", "Black and White" or "Cine". */
  filmType: string;
  filmFormat: string;
  /** "C-41", "E-6 push +1" … */
  developProcess: string;
  rollId: string | null;
  exposureNumber: number;
  lab: string | null;
  scannerMaker: string | null;
  scanner: string | null;
  make: string | null;
  model: string | null;
  lensModel: string | null;
  /** The box speed, and the speed the roll was exposed at after push or pull. */
  iso: number;
  exposureIndex: number;
  fNumber: number | null;
  /** Seconds; null when not noted or timed by hand (B, T). */
  exposureTime: number | null;
  focalLength: number | null;
  exposureCompensation: number | null;
  /** As noted, with its offset ("2026-11-27T14:03:00+01:00"). */
  takenAt: string | null;
  latitude: number | null;
  longitude: number | null;
  place: string | null;
  filter: string | null;
  /** The IPTC code of a scan of negative or positive (slide) film. */
  digitalSourceType: string;
}

export const NEGATIVE_FILM = "http://cv.iptc.org/newscodes/digitalsourcetype/negativeFilm";
export const POSITIVE_FILM = "http://cv.iptc.org/newscodes/digitalsourcetype/positiveFilm";

/** A number as a fraction with a small denominator: 1/125 stays 1/125, f/5.6 is 56/10, +1/3 EV is 1/3. */
export function fraction(value: number, denominators = [1, 2, 3, 10, 100, 1000]): [number, number] {
  for (const d of denominators) {
    const n = value * d;
    if (Math.abs(n - Math.round(n)) < 1e-6) return [Math.round(n), d];
  }
  const d = denominators.at(-1)!;
  return [Math.round(value * d), d];
}

/** An exposure time as EXIF writes it: 1/125 for reciprocals, else tenths or thousandths of a second. */
export function exposureFraction(seconds: number): [number, number] {
  if (seconds < 1) {
    const denominator = Math.round(1 / seconds);
    if (Math.abs(1 / denominator - seconds) < 1e-9) return [1, denominator];
  }
  return fraction(seconds);
}

/** "2026-11-27T14:03:00+01:00" → EXIF's "2026:11:27 14:03:00" and "+01:00"; null when it is not such a text. */
export function exifDateTime(text: string): { local: string; offset: string; xmp: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = "00", zone = "Z"] = m;
  const offset = zone === "Z" ? "+00:00" : zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return { local: `${y}:${mo}:${d} ${h}:${mi}:${s}`, offset, xmp: `${y}-${mo}-${d}T${h}:${mi}:${s}${offset}` };
}

/** Degrees as EXIF's degrees, minutes and seconds. */
function dms(value: number): [number, number][] {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutesFull = (abs - degrees) * 60;
  const minutes = Math.floor(minutesFull);
  return [
    [degrees, 1],
    [minutes, 1],
    [Math.round((minutesFull - minutes) * 60 * 10000), 10000],
  ];
}

/** Degrees as XMP's "DDD,MM.mmmmmmk". */
function xmpCoordinate(value: number, positive: string, negative: string): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  return `${degrees},${((abs - degrees) * 60).toFixed(6)}${value < 0 ? negative : positive}`;
}

const EXIF = {
  EXPOSURE_TIME: 0x829a,
  F_NUMBER: 0x829d,
  ISO: 0x8827,
  EXIF_VERSION: 0x9000,
  DATE_TIME_ORIGINAL: 0x9003,
  OFFSET_TIME_ORIGINAL: 0x9011,
  EXPOSURE_BIAS: 0x9204,
  FOCAL_LENGTH: 0x920a,
  EXPOSURE_INDEX: 0xa215,
  LENS_MODEL: 0xa434,
} as const;

const GPS = { VERSION: 0, LATITUDE_REF: 1, LATITUDE: 2, LONGITUDE_REF: 3, LONGITUDE: 4 } as const;

/** Latin-1 is what EXIF's ASCII fields hold in practice; anything else is left to the XMP packet (UTF-8). */
const exifText = (text: string | null): string | null => (text && /^[\x20-\x7e\xa0-\xff]*$/.test(text) ? text : null);

/**
 * The EXIF entries of a frame: IFD0's (camera make and model, the note) and the EXIF and GPS sub-directories'. The
 * pointers to the sub-directories are the writer's: it knows where they land.
 */
export function exifEntries(meta: FrameMetadata, littleEndian: boolean): { ifd0: IfdEntry[]; exif: IfdEntry[]; gps: IfdEntry[] } {
  const e = encoders(littleEndian);
  const ifd0: IfdEntry[] = [];
  const make = exifText(meta.make);
  const model = exifText(meta.model);
  const description = exifText(meta.description);
  if (make) ifd0.push(e.ascii(TAG.MAKE, make));
  if (model) ifd0.push(e.ascii(TAG.MODEL, model));
  if (description) ifd0.push(e.ascii(TAG.IMAGE_DESCRIPTION, description));

  const exif: IfdEntry[] = [
    e.bytes(EXIF.EXIF_VERSION, 7, Buffer.from("0232", "latin1")),
    e.short(EXIF.ISO, [Math.min(65535, Math.round(meta.iso))]),
    e.rational(EXIF.EXPOSURE_INDEX, [fraction(meta.exposureIndex)]),
  ];
  if (meta.exposureTime !== null) exif.push(e.rational(EXIF.EXPOSURE_TIME, [exposureFraction(meta.exposureTime)]));
  if (meta.fNumber !== null) exif.push(e.rational(EXIF.F_NUMBER, [fraction(meta.fNumber)]));
  if (meta.focalLength !== null) exif.push(e.rational(EXIF.FOCAL_LENGTH, [fraction(meta.focalLength)]));
  if (meta.exposureCompensation !== null) exif.push(e.srational(EXIF.EXPOSURE_BIAS, [fraction(meta.exposureCompensation)]));
  const taken = meta.takenAt ? exifDateTime(meta.takenAt) : null;
  if (taken) {
    exif.push(e.ascii(EXIF.DATE_TIME_ORIGINAL, taken.local));
    exif.push(e.ascii(EXIF.OFFSET_TIME_ORIGINAL, taken.offset));
  }
  const lens = exifText(meta.lensModel);
  if (lens) exif.push(e.ascii(EXIF.LENS_MODEL, lens));

  const gps: IfdEntry[] = [];
  if (meta.latitude !== null && meta.longitude !== null) {
    gps.push(
      e.bytes(GPS.VERSION, 1, Buffer.from([2, 3, 0, 0])),
      e.ascii(GPS.LATITUDE_REF, meta.latitude < 0 ? "S" : "N"),
      e.rational(GPS.LATITUDE, dms(meta.latitude)),
      e.ascii(GPS.LONGITUDE_REF, meta.longitude < 0 ? "W" : "E"),
      e.rational(GPS.LONGITUDE, dms(meta.longitude)),
    );
  }
  const byTag = (a: IfdEntry, b: IfdEntry) => a.tag - b.tag;
  return { ifd0: ifd0.sort(byTag), exif: exif.sort(byTag), gps: gps.sort(byTag) };
}

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

const NAMESPACES = {
  AnalogExif: "http://analogexif.sourceforge.net/ns",
  dc: "http://purl.org/dc/elements/1.1/",
  tiff: "http://ns.adobe.com/tiff/1.0/",
  exif: "http://ns.adobe.com/exif/1.0/",
  exifEX: "http://cipa.jp/exif/1.0/",
  aux: "http://ns.adobe.com/exif/1.0/aux/",
  Iptc4xmpCore: "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/",
  Iptc4xmpExt: "http://iptc.org/std/Iptc4xmpExt/2008-02-29/",
};

const rationalText = ([n, d]: [number, number]) => `${n}/${d}`;

/** The rdf:Description of a frame: every property it has a value for. */
export function xmpDescription(meta: FrameMetadata): string {
  const props: string[] = [];
  const simple = (name: string, value: string | number | null) => {
    if (value !== null && value !== "") props.push(`<${name}>${escapeXml(String(value))}</${name}>`);
  };
  const alt = (name: string, value: string | null) => {
    if (value) props.push(`<${name}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${name}>`);
  };
  alt("dc:title", meta.title);
  alt("dc:description", meta.description);
  simple("AnalogExif:Film", meta.film);
  simple("AnalogExif:FilmMaker", meta.filmMaker);
  simple("AnalogExif:FilmType", meta.filmType);
  simple("AnalogExif:FilmFormat", meta.filmFormat);
  simple("AnalogExif:DevelopProcess", meta.developProcess);
  simple("AnalogExif:RollId", meta.rollId);
  simple("AnalogExif:ExposureNumber", meta.exposureNumber);
  simple("AnalogExif:Lab", meta.lab);
  simple("AnalogExif:ScannerMaker", meta.scannerMaker);
  simple("AnalogExif:Scanner", meta.scanner);
  simple("AnalogExif:Filter", meta.filter);
  simple("tiff:Make", meta.make);
  simple("tiff:Model", meta.model);
  simple("exifEX:LensModel", meta.lensModel);
  simple("aux:Lens", meta.lensModel);
  props.push(`<exif:ISOSpeedRatings><rdf:Seq><rdf:li>${Math.round(meta.iso)}</rdf:li></rdf:Seq></exif:ISOSpeedRatings>`);
  simple("exif:ExposureIndex", rationalText(fraction(meta.exposureIndex)));
  if (meta.fNumber !== null) simple("exif:FNumber", rationalText(fraction(meta.fNumber)));
  if (meta.exposureTime !== null) simple("exif:ExposureTime", rationalText(exposureFraction(meta.exposureTime)));
  if (meta.focalLength !== null) simple("exif:FocalLength", rationalText(fraction(meta.focalLength)));
  if (meta.exposureCompensation !== null) simple("exif:ExposureBiasValue", rationalText(fraction(meta.exposureCompensation)));
  const taken = meta.takenAt ? exifDateTime(meta.takenAt) : null;
  if (taken) simple("exif:DateTimeOriginal", taken.xmp);
  if (meta.latitude !== null && meta.longitude !== null) {
    simple("exif:GPSVersionID", "2.3.0.0");
    simple("exif:GPSLatitude", xmpCoordinate(meta.latitude, "N", "S"));
    simple("exif:GPSLongitude", xmpCoordinate(meta.longitude, "E", "W"));
  }
  simple("Iptc4xmpCore:Location", meta.place);
  simple("Iptc4xmpExt:DigitalSourceType", meta.digitalSourceType);
  const xmlns = Object.entries(NAMESPACES)
    .map(([prefix, uri]) => `\n    xmlns:${prefix}="${uri}"`)
    .join("");
  return `<rdf:Description rdf:about=""${xmlns}>\n   ${props.join("\n   ")}\n  </rdf:Description>`;
}

const PACKET_ID = "W5M0MpCehiHzreSzNTczkc9d";

/** A whole XMP packet of a frame (a file of its own as a sidecar, or a JPEG's, TIFF's or PNG's packet). */
export function xmpPacket(meta: FrameMetadata): string {
  return [
    `<?xpacket begin="\uFEFF" id="${PACKET_ID}"?>`,
    `<x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Latent">`,
    ` <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">`,
    `  ${xmpDescription(meta)}`,
    ` </rdf:RDF>`,
    `</x:xmpmeta>`,
    `<?xpacket end="r"?>`,
  ].join("\n");
}

/**
 * The scan's own packet (scanner software's, an editor's) with the frame's description added beside its own: their
 * properties are kept, ours join them. Null when the packet has no RDF to add to (then ours replaces nothing and is
 * written alone).
 */
export function mergeXmpPacket(existing: string, meta: FrameMetadata): string | null {
  const close = existing.lastIndexOf("</rdf:RDF>");
  if (close < 0) return null;
  return `${existing.slice(0, close)}  ${xmpDescription(meta)}\n ${existing.slice(close)}`;
}
