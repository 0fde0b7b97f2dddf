import type { ErrorCode } from "@latent/domain/errors";
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MAX_PX } from "@latent/domain/user";

export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp"];

/**
 * Checks a profile picture against the server's limits (≤ 512 KB, ≤ 1024 px each side) before it is sent, so a
 * user learns at once instead of after an upload. Returns the API error code it would get, or null.
 */
export async function checkPicture(file: File): Promise<Extract<ErrorCode, "image-too-big" | "not-an-image"> | null> {
  if (!PICTURE_TYPES.includes(file.type)) return "not-an-image";
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return "image-too-big";
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return "not-an-image";
  }
  const fits = bitmap.width <= PROFILE_PICTURE_MAX_PX && bitmap.height <= PROFILE_PICTURE_MAX_PX;
  bitmap.close();
  return fits ? null : "image-too-big";
}
