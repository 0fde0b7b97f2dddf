/**
 * What the companion's service worker keeps for offline use (spec: the last rolls opened stay viewable), read both
 * by the build (the worker's runtime caching) and by the app (emptied on sign-out). Pure data: the worker is built
 * from these values, not from this module's code.
 */

/** The worker script, at the site's root; the companion registers it for `/m/` only. */
export const WORKER_URL = "/sw.js";
export const WORKER_SCOPE = "/m/";

/** Cache names: everything the companion keeps starts with this, so sign-out finds it all. */
export const OFFLINE_CACHE_PREFIX = "latent-m-";

/** The API answers a roll's screens start from: settings, the user, the rolls list and one roll with its shots. */
export const DATA_CACHE = `${OFFLINE_CACHE_PREFIX}data`;
/** Thumbnails and previews of the rolls opened. */
export const IMAGES_CACHE = `${OFFLINE_CACHE_PREFIX}images`;

/** GET /api/config, /api/user/, /api/film (with its filters) and /api/film/{id}: no deeper path (uploads, shares…). */
export const DATA_URL = /\/api\/(config|user|film)(\/[^/?]+)?\/?(\?.*)?$/;
/** A shot's thumbnail or preview (`/media/…/thumb.webp`, `…/preview.jpg`), never its original scan. */
export const IMAGE_URL = /\/media\/.+\/(thumb\.webp|preview\.jpg)(\?.*)?$/;

/** Enough for the last rolls opened with their lists; older entries go first. */
export const DATA_MAX_ENTRIES = 40;
/** About a dozen full rolls of thumbnails, and the previews looked at. */
export const IMAGES_MAX_ENTRIES = 400;
export const IMAGES_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The cache key of a signed media link: its path alone. The signature and expiry in the query change at every fetch
 * of the roll, and an offline roll is shown with the links of its last copy, long expired.
 */
export const mediaCacheKey = (href: string): string => {
  const url = new URL(href);
  return `${url.origin}${url.pathname}`;
};
