import type { ErrorCode } from "@latent/domain/errors";
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_PX, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MAX_PX } from "@latent/domain/user";
import type { Metadata } from "sharp";
import { AppError } from "../http/app-error.ts";
import { loadSharp } from "./load-sharp.ts";

const FORMATS = new Set(["jpeg", "png", "webp"]);

export interface PictureLimits {
  maxBytes: number;
  maxPx: number;
  /** The refusal, in the words the spec gives for this kind of image. */
  tooBig: ErrorCode;
}

/** A person's picture: 512 KB and 1024 px (spec §5, §9). */
export const PROFILE_PICTURE_LIMITS: PictureLimits = {
  maxBytes: PROFILE_PICTURE_MAX_BYTES,
  maxPx: PROFILE_PICTURE_MAX_PX,
  tooBig: "picture-too-big",
};
/** Any other image, such as a lab's logo: 5MB and 1024 × 1024 px (spec §5, §9, and §8's image-too-big). */
export const IMAGE_UPLOAD_LIMITS: PictureLimits = { maxBytes: IMAGE_UPLOAD_MAX_BYTES, maxPx: IMAGE_UPLOAD_MAX_PX, tooBig: "image-too-big" };

/** Checks a profile picture or a lab's logo against its limits and re-encodes it as WebP. */
export async function prepareSmallPicture(bytes: Buffer, truncated: boolean, limits: PictureLimits): Promise<Buffer> {
  if (truncated || bytes.length > limits.maxBytes) throw new AppError(limits.tooBig);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: limits.maxPx * limits.maxPx * 4 }).metadata();
  } catch {
    throw new AppError("not-an-image");
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw new AppError("not-an-image");
  if ((meta.width ?? 0) > limits.maxPx || (meta.height ?? 0) > limits.maxPx) throw new AppError(limits.tooBig);
  // Re-encoding drops metadata (GPS in EXIF) and anything hidden after the image data.
  return sharp(bytes).rotate().webp({ quality: 85 }).toBuffer();
}
