import {
  DEFAULT_FRAME_SIZE,
  type FilmFormat,
  FORMATS,
  FRAME_SIZES,
  ISO_CHOICES,
  PROCESSES,
  PUSH_PULL_MAX,
  PUSH_PULL_MIN,
} from "@latent/domain/film-config";
import type { Film, UpdateFilm } from "@latent/domain/films";
import type { FilmStock } from "@latent/domain/static-data";
import type { NewFilmBody } from "../api/create-film.ts";

/** Select value that reveals a field's own input; what is typed there wins over the list (spec §5). */
export const CUSTOM = "custom";

/** Frame select value for an exposure count that matches none of the format's frame sizes. */
const EXPOSURES_PREFIX = "exp:";

/**
 * Form state of a roll. Selects hold strings; "" is the placeholder ("no camera", "no lens", "no month"), which
 * counts as empty (spec §5).
 */
export interface FilmFormValues {
  name: string;
  /** Catalogue stock chosen (`brand|model`), or "" when typed by hand. */
  stock: string;
  brand: string;
  model: string;
  iso: string;
  isoCustom: number | string;
  format: string;
  formatCustom: string;
  frameSize: string;
  process: string;
  processCustom: string;
  pushPull: string;
  pushPullCustom: number | string;
  month: string;
  year: number | string;
  scanner: string;
  cameraId: string;
  lensId: string;
}

export const stockKey = (stock: Pick<FilmStock, "brand" | "model">) => `${stock.brand}|${stock.model}`;

const loose = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
// "B&W" (English), "N&B" (French) and "B/N" all read as the black-and-white process.
const ALIASES: Record<string, string> = { bw: "B/N", bn: "B/N", nb: "B/N", "35": "135", "35mm": "135", "135mm": "135" };

/** A typed format or process read as one of the known values ("c41" → "C-41", "B&W" → "B/N"); else as typed. */
export function normalizeChoice(text: string, choices: readonly string[]): string {
  const key = loose(text);
  return choices.find((choice) => loose(choice) === key) ?? ALIASES[key] ?? text.trim();
}

/** The format the form stands for: the typed one when custom, else the selected one. */
export function resolvedFormat(values: Pick<FilmFormValues, "format" | "formatCustom">): string {
  return values.format === CUSTOM ? normalizeChoice(values.formatCustom, FORMATS) : values.format;
}

export const isFormat = (format: string): format is FilmFormat => (FORMATS as readonly string[]).includes(format);

/** A format's usual frame: 24x36 for 35 mm, else the first size the format lists. */
export function defaultFrameSize(format: string): string {
  if (!isFormat(format)) return "";
  const sizes = FRAME_SIZES[format];
  return sizes.some((s) => s.size === DEFAULT_FRAME_SIZE) ? DEFAULT_FRAME_SIZE : (sizes[0]?.size ?? "");
}

/** Exposures of the chosen frame size; undefined when none applies. */
export function exposuresOf(format: string, frameSize: string): number | undefined {
  if (frameSize.startsWith(EXPOSURES_PREFIX)) return Number(frameSize.slice(EXPOSURES_PREFIX.length));
  if (!isFormat(format)) return undefined;
  return FRAME_SIZES[format].find((f) => f.size === frameSize)?.exposures;
}

/** Frame select value for a stored exposure count: the first frame size of the format with that many. */
export function frameSizeFor(format: string, exposures: number): string {
  const match = isFormat(format) ? FRAME_SIZES[format].find((f) => f.exposures === exposures) : undefined;
  return match ? match.size : `${EXPOSURES_PREFIX}${exposures}`;
}

export const exposuresValue = (exposures: number) => `${EXPOSURES_PREFIX}${exposures}`;

const choiceOr = (value: string | number, choices: readonly (string | number)[]) =>
  choices.map(String).includes(String(value)) ? { select: String(value), custom: "" } : { select: CUSTOM, custom: String(value) };

export function filmFormValues(film?: Film, now = new Date()): FilmFormValues {
  if (!film) {
    return {
      name: "",
      stock: "",
      brand: "",
      model: "",
      iso: "400",
      isoCustom: "",
      format: "135",
      formatCustom: "",
      frameSize: DEFAULT_FRAME_SIZE,
      process: "C-41",
      processCustom: "",
      pushPull: "0",
      pushPullCustom: "",
      month: String(now.getMonth() + 1),
      year: now.getFullYear(),
      scanner: "",
      cameraId: "",
      lensId: "",
    };
  }
  const iso = choiceOr(film.iso, ISO_CHOICES);
  const pushPull =
    film.push_pull >= PUSH_PULL_MIN && film.push_pull <= PUSH_PULL_MAX
      ? { select: String(film.push_pull), custom: "" }
      : { select: CUSTOM, custom: String(film.push_pull) };
  return {
    name: film.name,
    stock: "",
    brand: film.brand,
    model: film.model,
    iso: iso.select,
    isoCustom: iso.custom,
    format: film.format,
    formatCustom: "",
    frameSize: frameSizeFor(film.format, film.n_exp),
    process: film.process,
    processCustom: "",
    pushPull: pushPull.select,
    pushPullCustom: pushPull.custom,
    month: film.month === null ? "" : String(film.month),
    year: film.year ?? "",
    scanner: film.scanner ?? "",
    cameraId: film.camera_id ?? "",
    lensId: film.lens_id ?? "",
  };
}

/** A number field's value, or undefined while it is empty (so the schema says "required", not "must be at least"). */
const numberOrMissing = (value: number | string) => (value === "" || value === null ? undefined : Number(value));

/**
 * The roll to send. Custom values override the selected ISO, format, process and push/pull; the camera and lens
 * placeholders count as empty (spec §5).
 */
export function toFilmBody(values: FilmFormValues): NewFilmBody {
  const format = resolvedFormat(values);
  return {
    name: values.name.trim(),
    brand: values.brand.trim(),
    model: values.model.trim(),
    iso: values.iso === CUSTOM ? numberOrMissing(values.isoCustom) : Number(values.iso),
    format: format as FilmFormat,
    n_exp: exposuresOf(format, values.frameSize),
    process: (values.process === CUSTOM ? normalizeChoice(values.processCustom, PROCESSES) : values.process) as NewFilmBody["process"],
    push_pull: values.pushPull === CUSTOM ? numberOrMissing(values.pushPullCustom) : Number(values.pushPull),
    month: values.month === "" ? null : Number(values.month),
    year: numberOrMissing(values.year) ?? null,
    scanner: values.scanner.trim() || null,
    camera_id: values.cameraId || null,
    lens_id: values.lensId || null,
  };
}

/** The same roll as changes for PUT film/{id} (every field, so clearing one clears it on the server). */
export function toFilmChanges(values: FilmFormValues): UpdateFilm {
  const { n_exp, ...body } = toFilmBody(values);
  return { ...(body as UpdateFilm), ...(typeof n_exp === "number" ? { n_exp } : {}) };
}

/** Which input shows the problem of a body field: the custom input while it is the one in use. */
export function formFieldOf(path: string, values: FilmFormValues): string {
  switch (path) {
    case "iso":
      return values.iso === CUSTOM ? "isoCustom" : "iso";
    case "format":
      return values.format === CUSTOM ? "formatCustom" : "format";
    case "process":
      return values.process === CUSTOM ? "processCustom" : "process";
    case "push_pull":
      return values.pushPull === CUSTOM ? "pushPullCustom" : "pushPull";
    case "n_exp":
      return "frameSize";
    case "camera_id":
      return "cameraId";
    case "lens_id":
      return "lensId";
    default:
      return path;
  }
}

/** Choosing a catalogue stock fills brand, model, ISO and process, and a format the stock is made in. */
export function withStock(values: FilmFormValues, stock: FilmStock): Partial<FilmFormValues> {
  const format = resolvedFormat(values);
  const keepFormat = (stock.formats as readonly string[]).includes(format);
  const nextFormat = keepFormat ? values.format : (stock.formats[0] ?? "135");
  return {
    stock: stockKey(stock),
    brand: stock.brand,
    model: stock.model,
    iso: String(stock.iso),
    isoCustom: "",
    process: stock.process,
    processCustom: "",
    ...(keepFormat ? {} : { format: nextFormat, formatCustom: "", frameSize: defaultFrameSize(nextFormat) }),
  };
}
