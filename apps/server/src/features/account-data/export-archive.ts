import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { zipSafeName } from "@latent/domain/films";
import type { ZipEntry } from "../../platform/zip/zip-stream.ts";

/** One roll as the archive holds it: its fields and its shots' (links removed), and its original scans. */
export interface RollForArchive {
  id: string;
  name: string;
  /** The roll as `GET film/{id}` answers it. */
  fields: unknown;
  scans: {
    index: number;
    /** The name the photographer's file had, when the upload gave one. */
    file_name: string | null;
    content_type: string;
    size: number;
    crc32: number;
    modified: Date;
    open(): Promise<Readable>;
  }[];
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/tiff": "tif", "image/png": "png", "image/webp": "webp" };

/**
 * Signed links expire and open the owner's files without a session: an archive that lives for days holds none.
 * Drops every string that is one of our signed links (the scans themselves are in the archive).
 */
export function withoutSignedLinks(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === "string" && /[?&]signature=/.test(v) ? undefined : v)));
}

/** A JSON file of the archive, pretty-printed, with its CRC known in advance like every entry of our zips. */
export function jsonEntry(name: string, value: unknown, modified: Date): ZipEntry {
  return fileEntry(name, Buffer.from(`${JSON.stringify(withoutSignedLinks(value), null, 2)}\n`, "utf8"), modified);
}

/** A small stored file (a profile picture, a lab's logo) as an entry, read whole to know its CRC in advance. */
export function fileEntry(name: string, bytes: Buffer, modified: Date): ZipEntry {
  return { name, size: bytes.length, crc32: crc32(bytes), modified, open: async () => Readable.from([bytes]) };
}

/** `fallback` when the name is empty; `name-2`, `name-3`… when the folder already holds one by that name. */
function uniqueName(taken: Set<string>, name: string) {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = name.lastIndexOf(".");
    candidate = dot > 0 ? `${name.slice(0, dot)}-${n}${name.slice(dot)}` : `${name}-${n}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The entries of one roll: `rolls/<roll name>/roll.json` and each original scan as `rolls/<roll name>/<file name>`
 * (the uploaded file's name, or `<roll>-<index>.<ext>` when it had none; names are made unique within the folder).
 */
export function rollEntries(roll: RollForArchive, folders: Set<string>, modified: Date): ZipEntry[] {
  const folder = `rolls/${uniqueName(folders, zipSafeName(roll.name || roll.id))}`;
  const names = new Set<string>(["roll.json"]);
  const width = Math.max(2, String(roll.scans.at(-1)?.index ?? 0).length);
  const scans = roll.scans.map((scan): ZipEntry => {
    const ext = EXTENSIONS[scan.content_type] ?? "bin";
    const given = scan.file_name ? zipSafeName(scan.file_name) : null;
    const base = given ?? `${zipSafeName(roll.name || "roll")}-${String(scan.index).padStart(width, "0")}`;
    const name = /\.[a-z0-9]{2,4}$/i.test(base) ? base : `${base}.${ext}`;
    return { name: `${folder}/${uniqueName(names, name)}`, size: scan.size, crc32: scan.crc32, modified: scan.modified, open: scan.open };
  });
  return [jsonEntry(`${folder}/roll.json`, roll.fields, modified), ...scans];
}
