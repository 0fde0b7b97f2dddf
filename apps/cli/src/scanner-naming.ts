/**
 * Which frame of the roll each file of a scanner's folder is. A scanner writes a roll's frames in the order it scanned
 * them, and says that order in its file names:
 * - Noritsu (EZ Controller): `<order number>_<frame>.jpg`, e.g. `000123_0001.jpg`, `000123_0002.jpg` (anything may
 *   stand between the order number and the frame: `000123_A_0001.jpg`); the trailing number is the scan order.
 * - Fujifilm Frontier (per-order folders): `R<roll>-<order>-<frame><suffix>.JPG`, e.g. `R1-00123-0001.JPG`, or with
 *   the film's edge numbers `R1-00123-12A.JPG` (the half step "A" comes after 12, "00" before 0); roll, then frame.
 * - Anything else: by name, numbers compared as numbers (`scan-2.jpg` before `scan-10.jpg`).
 * A scheme counts only when every image of the folder follows it (and, for Noritsu, names one order); a mixed folder
 * is ordered by name. Frames are then numbered one after another in that order from `firstFrame` (1 unless a
 * misread DX code says the roll starts elsewhere): the edge numbers a scanner read are not shot numbers.
 */

export type NamingScheme = "noritsu" | "frontier" | "name";

export interface FramedFile {
  name: string;
  frame: number;
}

/** The file types a scan may be, by extension (the bytes are checked before sending: `image-signature`). */
const IMAGE_EXTENSION = /\.(jpe?g|tiff?|png|webp)$/i;

/** A file a system leaves in folders (macOS' `.DS_Store` and `._x.jpg`, Windows' `Thumbs.db`), or the CLI's own journal. */
export const isJunkFile = (name: string) => name.startsWith(".") || name.toLowerCase() === "thumbs.db";

/** A file named as a scan (JPEG, TIFF, PNG or WebP). */
export const isImageName = (name: string) => IMAGE_EXTENSION.test(name) && !isJunkFile(name);

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

const NORITSU = /^(\d+)(?:[_-].*)?_(\d+)\.[^.]+$/;
const FRONTIER = /^R(\d+)-(\d+)-(\d+)([A-Z]?)\.[^.]+$/i;

interface Keyed {
  name: string;
  key: number[];
}

function noritsu(names: readonly string[]): Keyed[] | null {
  const orders = new Set<string>();
  const keyed: Keyed[] = [];
  for (const name of names) {
    const m = NORITSU.exec(name);
    if (!m) return null;
    orders.add(m[1]!);
    keyed.push({ name, key: [Number(m[2])] });
  }
  return orders.size === 1 ? keyed : null;
}

function frontier(names: readonly string[]): Keyed[] | null {
  const keyed: Keyed[] = [];
  for (const name of names) {
    const m = FRONTIER.exec(name);
    if (!m) return null;
    const [, roll, , digits, suffix] = m;
    // Edge numbers run 00, 0, 0A, 1, 1A, 2 …: "00" is the frame before 0.
    const frame = digits === "00" ? -1 : Number(digits);
    keyed.push({ name, key: [Number(roll), frame, suffix ? 1 : 0] });
  }
  return keyed;
}

const byKey = (a: Keyed, b: Keyed) => {
  for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
  return collator.compare(a.name, b.name);
};

/** The folder's images in scan order with their frame numbers, and the naming scheme that gave the order. */
export function planFrames(names: readonly string[], firstFrame = 1): { scheme: NamingScheme; files: FramedFile[] } {
  const images = names.filter(isImageName);
  let scheme: NamingScheme = "name";
  let ordered: string[];
  const n = images.length > 0 ? noritsu(images) : null;
  const f = n || images.length === 0 ? null : frontier(images);
  if (n) {
    scheme = "noritsu";
    ordered = n.sort(byKey).map((k) => k.name);
  } else if (f) {
    scheme = "frontier";
    ordered = f.sort(byKey).map((k) => k.name);
  } else ordered = images.toSorted(collator.compare);
  return { scheme, files: ordered.map((name, i) => ({ name, frame: firstFrame + i })) };
}
