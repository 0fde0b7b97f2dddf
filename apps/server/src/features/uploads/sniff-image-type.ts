import { SHOT_CONTENT_TYPES, type ShotContentType } from "@latent/domain/films";
import { fileTypeFromBuffer } from "file-type";

const TIFF_MAGIC = [
  Buffer.from("II*\0", "latin1"),
  Buffer.from("MM\0*", "latin1"),
  Buffer.from("II+\0", "latin1"),
  Buffer.from("MM\0+", "latin1"),
];

/**
 * The image type of a scan from its first bytes, or null when it is not one we take.
 * file-type needs a TIFF's first directory to tell TIFF from camera raw formats; scanners often write that
 * directory at the end of the file, past the bytes we have, so a bare TIFF header still counts as TIFF.
 */
export async function sniffImageType(head: Buffer): Promise<ShotContentType | null> {
  const detected = await fileTypeFromBuffer(head);
  if (detected && (SHOT_CONTENT_TYPES as readonly string[]).includes(detected.mime)) return detected.mime as ShotContentType;
  if (!detected && TIFF_MAGIC.some((magic) => head.subarray(0, 4).equals(magic))) return "image/tiff";
  return null;
}
