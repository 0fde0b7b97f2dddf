/**
 * Which shot the lightbox shows lives in the address (`/u/films/{id}?shot=3`, `/film?code=…&shot=3`), so a shot can
 * be linked, and each shot seen is a history entry: Back returns to the shot seen before, then closes the lightbox.
 */
export const SHOT_PARAM = "shot";

/** The shot named by a query string, or null when none is (or the value is not a shot index). */
export function shotOfSearch(search: string): number | null {
  const value = new URLSearchParams(search).get(SHOT_PARAM);
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}

/** The same query string naming another shot, or none; every other parameter (the share code) is kept. */
export function searchWithShot(search: string, index: number | null): string {
  const params = new URLSearchParams(search);
  if (index === null) params.delete(SHOT_PARAM);
  else params.set(SHOT_PARAM, String(index));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * Remembered by the history entry of each shot shown: how many shots were pushed since the entry without the
 * lightbox, and whether that entry is the gallery (it is not when the page was opened on a link to a shot).
 */
export interface LightboxEntry {
  lightbox: { depth: number; fromGallery: boolean };
}

function entryOf(state: unknown): LightboxEntry["lightbox"] | null {
  const entry = (state as Partial<LightboxEntry> | null)?.lightbox;
  return entry && Number.isInteger(entry.depth) && entry.depth > 0 ? entry : null;
}

/** The state of the entry pushed to show another shot, from the state of the entry shown now. */
export function nextLightboxEntry(state: unknown, shotShown: boolean): LightboxEntry {
  const entry = entryOf(state);
  if (entry) return { lightbox: { depth: entry.depth + 1, fromGallery: entry.fromGallery } };
  return { lightbox: { depth: 1, fromGallery: !shotShown } };
}

/**
 * How closing leaves the lightbox: back through the shots seen to the gallery's own entry, so that Back afterwards
 * leaves the roll instead of opening the lightbox again; or, when the page was opened on a shot's link, in place.
 */
export function closeLightbox(state: unknown): { back: number } | { replace: true } {
  const entry = entryOf(state);
  return entry?.fromGallery ? { back: entry.depth } : { replace: true };
}
