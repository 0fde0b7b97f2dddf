import { OFFLINE_CACHE_PREFIX } from "./offline-caches.ts";

/**
 * Empties what the companion's worker kept of the user's rolls and pictures: called on sign-out, before the session
 * ends, from the companion and from the full site alike (a browser that opened /m has them).
 */
export async function clearOfflineCaches() {
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
