import { exposureIndex } from "@latent/domain/exposure-index";
import { parseShutterSpeed } from "@latent/domain/frame-exposure";
import { gearName } from "@latent/domain/gear";
import { type FrameMetadata, NEGATIVE_FILM, POSITIVE_FILM } from "../../platform/metadata/frame-metadata.ts";
import type { FilmRow } from "../films/films.service.ts";
import type { ShotRow } from "../shots/shots.service.ts";

/** What other features know of a roll and add to its files: the sticker's short id, the lab it is with. */
export interface RollFacts {
  rollId: string | null;
  lab: string | null;
}

type Gear = { id: string; metadata: { brand: string; model: string } };

/** The shot columns a file's metadata is built from. */
export type FrameRow = Pick<
  ShotRow,
  | "index"
  | "camera_id"
  | "lens_id"
  | "scanner"
  | "push_pull"
  | "aperture"
  | "shutter"
  | "focal_length"
  | "exposure_compensation"
  | "taken_at"
  | "latitude"
  | "longitude"
  | "place"
  | "filter"
  | "note"
>;

/** AnalogExif's film types by process: E-6 is slide film, B/N black and white, ECN-2 motion picture negative. */
const FILM_TYPES: Record<string, string> = {
  "C-41": "Color Negative",
  "E-6": "Slide",
  "B/N": "Black and White",
  "ECN-2": "Cine",
};

/** The process as labs write it, with the push or pull it was developed with ("C-41 push +1", "B&W pull -1"). */
export function developProcess(process: string, pushPull: number): string {
  const name = process === "B/N" ? "B&W" : process;
  if (pushPull > 0) return `${name} push +${pushPull}`;
  if (pushPull < 0) return `${name} pull ${pushPull}`;
  return name;
}

/** "Epson Perfection V600" → maker "Epson", model "Perfection V600"; one word is the model alone. */
function scannerParts(text: string | null): { maker: string | null; model: string | null } {
  const words = text?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (words.length === 0) return { maker: null, model: null };
  if (words.length === 1) return { maker: null, model: words[0]! };
  return { maker: words[0]!, model: words.slice(1).join(" ") };
}

/**
 * One frame's metadata from its roll and shot: the shot's own camera, lens, scanner and push or pull where it has
 * them, else the roll's.
 */
export function frameMetadata(film: FilmRow, shot: FrameRow, facts: RollFacts, gear: { cameras: Gear[]; lenses: Gear[] }): FrameMetadata {
  const camera = gear.cameras.find((g) => g.id === (shot.camera_id ?? film.camera_id))?.metadata ?? null;
  const lens = gear.lenses.find((g) => g.id === (shot.lens_id ?? film.lens_id))?.metadata ?? null;
  const pushPull = shot.push_pull ?? film.push_pull;
  const scanner = scannerParts(shot.scanner ?? film.scanner);
  const filmType = FILM_TYPES[film.process] ?? "Color Negative";
  return {
    title: film.name || `${film.brand} ${film.model}`.trim(),
    description: shot.note,
    film: `${film.brand} ${film.model}`.trim(),
    filmMaker: film.brand,
    filmType,
    filmFormat: film.format,
    developProcess: developProcess(film.process, pushPull),
    rollId: facts.rollId,
    exposureNumber: shot.index,
    lab: facts.lab ?? film.from_lab_name,
    scannerMaker: scanner.maker,
    scanner: scanner.model,
    make: camera?.brand || null,
    model: camera?.model || null,
    lensModel: lens ? gearName(lens) : null,
    iso: film.iso,
    exposureIndex: exposureIndex(film.iso, pushPull),
    fNumber: shot.aperture,
    // Bulb and time (B, T) have no seconds: timed by hand.
    exposureTime: shot.shutter ? (parseShutterSpeed(shot.shutter)?.seconds ?? null) : null,
    focalLength: shot.focal_length,
    exposureCompensation: shot.exposure_compensation,
    takenAt: shot.taken_at,
    latitude: shot.latitude,
    longitude: shot.longitude,
    place: shot.place,
    filter: shot.filter,
    digitalSourceType: filmType === "Slide" ? POSITIVE_FILM : NEGATIVE_FILM,
  };
}
