import type { ShotContentType } from "./films.ts";

/** Bytes of a file's start that `imageTypeOf` reads: enough for every signature below. */
export const IMAGE_SIGNATURE_BYTES = 16;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
/** Classic TIFF (42) and BigTIFF (43), little- and big-endian. */
const TIFF = [ascii("II*\0"), ascii("MM\0*"), ascii("II+\0"), ascii("MM\0+")];
/** Canon's CR2 raw files are TIFFs marked "CR" right after the header: not a scan. */
const CANON_RAW = ascii("CR");

/**
 * The image type of a scan from its first bytes (JPEG, TIFF incl. BigTIFF, PNG, WebP), or null when it is not one
 * we take. The browser checks a file with it before an upload starts, the server checks the first chunk with it
 * again: one rule on both sides. Only the header is read: scanners often write a TIFF's first directory at the end
 * of the file, so a bare TIFF header counts as TIFF.
 */
export function imageTypeOf(head: Uint8Array): ShotContentType | null {
  if (startsWith(head, JPEG)) return "image/jpeg";
  if (startsWith(head, PNG)) return "image/png";
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return "image/webp";
  if (TIFF.some((magic) => startsWith(head, magic)) && !startsWith(head, CANON_RAW, 8)) return "image/tiff";
  return null;
}
