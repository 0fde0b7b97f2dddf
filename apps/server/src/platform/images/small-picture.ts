import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MAX_PX } from "@latent/domain/user";
import type { Metadata } from "sharp";
import { AppError } from "../http/app-error.ts";
import { loadSharp } from "./load-sharp.ts";

const FORMATS = new Set(["jpeg", "png", "webp"]);

/** Checks a profile picture or a lab's logo against the spec's limits (≤ 512 KB, ≤ 1024 px) and re-encodes it as WebP. */
export async function prepareSmallPicture(bytes: Buffer, truncated: boolean): Promise<Buffer> {
  if (truncated || bytes.length > PROFILE_PICTURE_MAX_BYTES) throw new AppError("picture-too-big");
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: PROFILE_PICTURE_MAX_PX * PROFILE_PICTURE_MAX_PX * 4 }).metadata();
  } catch {
    throw new AppError("not-an-image");
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw new AppError("not-an-image");
  if ((meta.width ?? 0) > PROFILE_PICTURE_MAX_PX || (meta.height ?? 0) > PROFILE_PICTURE_MAX_PX) {
    throw new AppError("picture-too-big");
  }
  // Re-encoding drops metadata (GPS in EXIF) and anything hidden after the image data.
  return sharp(bytes).rotate().webp({ quality: 85 }).toBuffer();
}
