import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MAX_PX } from "@latent/domain/user";

export interface Size {
  width: number;
  height: number;
}

export interface EncodingAttempt extends Size {
  /** 0–1, as canvas encoders take it. */
  quality: number;
}

/** Types the server takes as they are; a file of these within the limits is sent untouched. */
const SENT_AS_IS = ["image/jpeg", "image/png", "image/webp"];
const QUALITIES = [0.9, 0.8, 0.7, 0.6];
/** Each round that still weighs too much shrinks the longer side to three quarters, down to this. */
const SMALLEST_SIDE_PX = 160;

/** The size a picture is drawn at: within `maxPx` on both sides, proportions kept, never enlarged. */
export function fitWithin({ width, height }: Size, maxPx = PROFILE_PICTURE_MAX_PX): Size {
  const scale = Math.min(1, maxPx / width, maxPx / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** True when a chosen file already keeps the profile picture's limits (512 KB, 1024 px) in a type the server takes. */
export function fitsAsIs(file: { type: string; size: number }, size: Size): boolean {
  return (
    SENT_AS_IS.includes(file.type) &&
    file.size <= PROFILE_PICTURE_MAX_BYTES &&
    size.width <= PROFILE_PICTURE_MAX_PX &&
    size.height <= PROFILE_PICTURE_MAX_PX
  );
}

/**
 * Encodings to try one after the other until one weighs at most 512 KB: the picture fitted to 1024 px at falling
 * qualities, then the same at smaller sizes. Quality goes first because a smaller picture shows worse in the avatar.
 */
export function encodingAttempts(size: Size): EncodingAttempt[] {
  const attempts: EncodingAttempt[] = [];
  let box = fitWithin(size);
  for (;;) {
    for (const quality of QUALITIES) attempts.push({ ...box, quality });
    const longer = Math.max(box.width, box.height);
    if (longer <= SMALLEST_SIDE_PX) return attempts;
    box = fitWithin(box, Math.max(SMALLEST_SIDE_PX, Math.floor(longer * 0.75)));
  }
}

function encode(bitmap: ImageBitmap, { width, height, quality }: EncodingAttempt, type: string): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("No 2D canvas"));
  // JPEG has no transparency: a transparent PNG turns white, not black.
  if (type === "image/jpeg") {
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
  }
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The picture could not be encoded"))), type, quality),
  );
}

export type PreparedPicture = { file: File; resized: boolean } | { problem: "not-an-image" | "picture-too-big" };

/**
 * Makes any picture the browser can open fit the profile picture's limits (512 KB, 1024 px) before it is sent:
 * a file that already fits goes as it is; any other is drawn at most 1024 px wide and high and encoded as WebP
 * (JPEG where the browser cannot write WebP), lowering the quality, then the size, until it weighs 512 KB at most.
 */
export async function preparePicture(file: File): Promise<PreparedPicture> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return { problem: "not-an-image" };
  }
  try {
    const size = { width: bitmap.width, height: bitmap.height };
    if (fitsAsIs(file, size)) return { file, resized: false };
    let type = "image/webp";
    for (const attempt of encodingAttempts(size)) {
      let blob = await encode(bitmap, attempt, type);
      // A browser that cannot write WebP answers PNG, which would rarely fit: JPEG from then on.
      if (blob.type !== type) {
        type = "image/jpeg";
        blob = await encode(bitmap, attempt, type);
      }
      // The chosen file's name stays: it is what the user recognises; the server reads the bytes, not the name.
      if (blob.size <= PROFILE_PICTURE_MAX_BYTES) return { file: new File([blob], file.name, { type }), resized: true };
    }
    return { problem: "picture-too-big" };
  } catch {
    return { problem: "not-an-image" };
  } finally {
    bitmap.close();
  }
}
