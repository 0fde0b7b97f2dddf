import { SHOT_CONTENT_TYPES, type ShotContentType } from "@latent/domain/films";
import { IMAGE_SIGNATURE_BYTES, imageTypeOf } from "@latent/domain/image-signature";
import { isJunkFile } from "./dropped-files.ts";

/** "scan-2.jpg" before "scan-10.jpg": names compare by their numbers, as a scanner numbers its files. */
const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

const EXTENSION_TYPES: Record<string, ShotContentType> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  tif: "image/tiff",
  tiff: "image/tiff",
  png: "image/png",
  webp: "image/webp",
};

/** The image type to declare for a file: its own when it is one the server takes, else by extension; null: not a scan. */
export function contentTypeOf(file: { name: string; type: string }): ShotContentType | null {
  if ((SHOT_CONTENT_TYPES as readonly string[]).includes(file.type)) return file.type as ShotContentType;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return EXTENSION_TYPES[extension] ?? null;
}

/** Files in natural order of their names (then of their folders, for equal names in different folders). */
export function sortByName<T extends { name: string; webkitRelativePath?: string }>(files: readonly T[]): T[] {
  return [...files].sort(
    (a, b) => collator.compare(a.name, b.name) || collator.compare(a.webkitRelativePath ?? "", b.webkitRelativePath ?? ""),
  );
}

export interface ChosenFiles<F> {
  /** Scans to upload, in natural order of their names. */
  images: { file: F; contentType: ShotContentType }[];
  /** Files that are not named as images of a type the server takes (sidecars, notes): left out, and listed. */
  ignored: F[];
  /** Files named as images whose bytes are not one (a text file renamed .jpg): refused before any shot is made. */
  refused: F[];
}

/** Scans among the files by their names; junk a system leaves in folders (.DS_Store, Thumbs.db) goes unmentioned. */
export function chooseFiles<F extends { name: string; type: string }>(files: readonly F[]): ChosenFiles<F> {
  const images: ChosenFiles<F>["images"] = [];
  const ignored: F[] = [];
  for (const file of sortByName(files)) {
    if (isJunkFile(file.name)) continue;
    const contentType = contentTypeOf(file);
    if (contentType) images.push({ file, contentType });
    else ignored.push(file);
  }
  return { images, ignored, refused: [] };
}

/**
 * The image type of a file by its first bytes, with the server's own rule (domain `imageTypeOf`): null when it is
 * not a JPEG, TIFF, PNG or WebP whatever its name says, or cannot be read.
 */
export async function imageTypeOfFile(file: Blob): Promise<ShotContentType | null> {
  try {
    return imageTypeOf(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer()));
  } catch {
    return null;
  }
}

/** `chooseFiles`, then each scan's first bytes checked: they decide its type, and refuse a file that is not an image. */
export async function chooseScans<F extends Blob & { name: string; type: string }>(files: readonly F[]): Promise<ChosenFiles<F>> {
  const chosen = chooseFiles(files);
  const types = await Promise.all(chosen.images.map(({ file }) => imageTypeOfFile(file)));
  const images: ChosenFiles<F>["images"] = [];
  const refused: F[] = [];
  for (const [i, { file }] of chosen.images.entries()) {
    const contentType = types[i];
    if (contentType) images.push({ file, contentType });
    else refused.push(file);
  }
  return { images, ignored: chosen.ignored, refused };
}

export interface ShotRange {
  from: number;
  to: number;
}

/**
 * The shots new files go to unless the user picks others: consecutive indexes from the one after the roll's last
 * shot, as many as there are files, within the roll's maximum.
 */
export function defaultRange(existing: readonly number[], fileCount: number, maxShots: number): ShotRange {
  const from = Math.min(maxShots, existing.length === 0 ? 1 : Math.max(...existing) + 1);
  return { from, to: Math.min(maxShots, from + Math.max(1, fileCount) - 1) };
}

export type PlanProblem =
  | { kind: "no-files" }
  | { kind: "range-invalid"; max: number }
  | { kind: "count-mismatch"; files: number; shots: number }
  | { kind: "busy"; indexes: number[] };

/**
 * Why a set of files cannot go to a range of shots, or null when it can. The number of files must equal the number
 * of shots (spec §5): otherwise nothing is uploaded, rather than guessing which file the user meant for which frame.
 */
export function planProblem(fileCount: number, range: ShotRange, maxShots: number, busy: readonly number[] = []): PlanProblem | null {
  if (fileCount === 0) return { kind: "no-files" };
  const { from, to } = range;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to > maxShots || to < from)
    return { kind: "range-invalid", max: maxShots };
  const shots = to - from + 1;
  if (shots !== fileCount) return { kind: "count-mismatch", files: fileCount, shots };
  const overlap = busy.filter((index) => index >= from && index <= to);
  if (overlap.length > 0) return { kind: "busy", indexes: overlap };
  return null;
}

/** File n (in name order) goes to shot `from + n`. */
export function assignIndexes<T>(files: readonly T[], from: number): { index: number; item: T }[] {
  return files.map((item, n) => ({ index: from + n, item }));
}
