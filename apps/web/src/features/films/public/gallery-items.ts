import type { Shot } from "@latent/domain/films";
import type { UploadShot } from "../uploads/upload-manager.ts";

export type TileState = "uploading" | "paused" | "pending" | "done" | "error";

/** One tile of the gallery: what the server knows of the shot, merged with this page's upload of it. */
export interface GalleryItem {
  index: number;
  shot: Shot | null;
  upload: UploadShot | null;
  state: TileState;
  /** Percent sent, while this page is sending the file; null when unknown (sent from another page). */
  progress: number | null;
  /** A shot error code (domain SHOT_ERROR_CODES), an API error code or the server's message, for tiles in error. */
  error: string | null;
}

/** What a failed shot says: its code when the server gave one (translated), else its message. */
const shotError = (shot: Shot) => shot.error_code ?? shot.error_message ?? "internal-error";

/**
 * Tiles in shot order: the one place a shot's state is decided, for the gallery and the upload panel alike. This
 * page's upload tells more than the server while a file is being sent, waits to be chosen again, or failed to be
 * sent; once the file is sent the server's state wins (it knows when processing is over, or failed).
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
      const item = { index, shot, upload, progress: null, error: null };
      if (upload?.state === "uploading") return { ...item, state: "uploading", progress: upload.progress };
      const serverMovedOn = shot !== null && shot.state !== "uploading";
      if (upload?.state === "paused" && !serverMovedOn) return { ...item, state: "paused", progress: upload.progress };
      if (upload?.state === "error" && shot?.state !== "done")
        return { ...item, state: "error", error: shot?.state === "error" ? shotError(shot) : upload.errorMessage };
      // Every byte of this page's file arrived: processing, whatever an older copy of the roll says.
      if (shot?.state === "uploading" && (upload?.state === "pending" || upload?.state === "done")) return { ...item, state: "pending" };
      if (shot) return { ...item, state: shot.state, error: shot.state === "error" ? shotError(shot) : null };
      return { ...item, state: "pending" };
    });
}

/** Where the lightbox is among the tiles: the tile shown and those its keys go to (←/→, Home/End). */
export interface GalleryPosition {
  item: GalleryItem;
  /** 0-based place among the tiles (shot indexes may have gaps). */
  position: number;
  previous: GalleryItem | null;
  next: GalleryItem | null;
  first: GalleryItem;
  last: GalleryItem;
}

/** The tile of shot `index` and its neighbours, or null when no tile has that index (a link to a shot not there). */
export function galleryPosition(items: readonly GalleryItem[], index: number | null): GalleryPosition | null {
  const position = index === null ? -1 : items.findIndex((item) => item.index === index);
  const item = items[position];
  if (!item) return null;
  return {
    item,
    position,
    previous: items[position - 1] ?? null,
    next: items[position + 1] ?? null,
    first: items[0]!,
    last: items[items.length - 1]!,
  };
}

/**
 * How wide a tile is drawn, for choosing between the thumbnail and the preview: half the screen on phones (two a row),
 * at most about 280 px elsewhere (films.module.css, .gallery).
 */
export const TILE_SIZES = "(max-width: 36em) 50vw, 280px";
/** Tiles that are on the first screen of a roll's page (two rows on a wide screen): their thumbnails go first. */
export const FIRST_SCREEN_TILES = 8;

/** Longest side of the thumbnail (WebP) and of the preview (JPEG) the server makes of each scan. */
export const THUMBNAIL_PX = 480;
export const PREVIEW_PX = 2048;

/** How wide an image made no larger than `px` on its longest side is; `px` when the scan's size is unknown. */
function widthWithin(px: number, width: number | null, height: number | null) {
  if (!width || !height) return px;
  return Math.round(width * Math.min(1, px / Math.max(width, height)));
}

/**
 * The `src` and `srcset` of a tile: the thumbnail, and the preview for screens that need more pixels than it has
 * (a dense display, a wide tile); null until the thumbnail exists.
 */
export function tileImage(shot: Pick<Shot, "version" | "width" | "height">): { src: string; srcSet: string } | null {
  const { thumbnail_url, preview_url } = shot.version;
  if (!thumbnail_url) return null;
  const sources = [`${thumbnail_url} ${widthWithin(THUMBNAIL_PX, shot.width, shot.height)}w`];
  if (preview_url) {
    const previewWidth = widthWithin(PREVIEW_PX, shot.width, shot.height);
    // A small scan's preview is no larger than its thumbnail: offering it would only cost a download.
    if (previewWidth > widthWithin(THUMBNAIL_PX, shot.width, shot.height)) sources.push(`${preview_url} ${previewWidth}w`);
  }
  return { src: thumbnail_url, srcSet: sources.join(", ") };
}

/** The `srcset` of each thumbnail on a roll page's first screen, in tile order (shots not done yet have none). */
export function firstScreenImages(shots: readonly Shot[]): string[] {
  return galleryItems(shots, [])
    .slice(0, FIRST_SCREEN_TILES)
    .flatMap((item) => {
      const image = item.state === "done" && item.shot ? tileImage(item.shot) : null;
      return image ? [image.srcSet] : [];
    });
}
