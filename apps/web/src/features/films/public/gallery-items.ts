import type { Shot } from "@latent/domain/films";
import type { UploadShot } from "../uploads/upload-manager.ts";

export type TileState = "uploading" | "pending" | "done" | "error";

/** One tile of the gallery: what the server knows of the shot, merged with this page's upload of it. */
export interface GalleryItem {
  index: number;
  shot: Shot | null;
  upload: UploadShot | null;
  state: TileState;
  /** Percent sent, while this page is sending the file; null when unknown (sent from another page). */
  progress: number | null;
  /** An API error code or the server's message, for tiles in error. */
  error: string | null;
}

/**
 * Tiles in shot order. This page's upload tells more than the server while a file is being sent or failed to be;
 * otherwise the server's state wins (it knows when processing is over).
 */
export function galleryItems(shots: readonly Shot[], uploads: readonly UploadShot[]): GalleryItem[] {
  const byIndex = new Map<number, { shot: Shot | null; upload: UploadShot | null }>();
  for (const shot of shots) byIndex.set(shot.index, { shot, upload: null });
  for (const upload of uploads) {
    if (upload.state === "canceled") continue;
    byIndex.set(upload.index, { shot: byIndex.get(upload.index)?.shot ?? null, upload });
  }
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, { shot, upload }]): GalleryItem => {
      if (upload?.state === "uploading") return { index, shot, upload, state: "uploading", progress: upload.progress, error: null };
      if (upload?.state === "error" && shot?.state !== "done")
        return { index, shot, upload, state: "error", progress: null, error: upload.errorMessage };
      if (shot) {
        return {
          index,
          shot,
          upload,
          state: shot.state,
          progress: null,
          error: shot.state === "error" ? (shot.error_message ?? "internal-error") : null,
        };
      }
      return { index, shot, upload, state: "pending", progress: null, error: null };
    });
}
