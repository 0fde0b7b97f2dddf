import { Workbox } from "workbox-window";
import { WORKER_SCOPE, WORKER_URL } from "./offline-caches.ts";

let registered = false;

/**
 * Registers the companion's service worker, once per page, from the companion only: its scope `/m/` keeps it off the
 * rest of the web app. A development server builds no worker, and a browser without service workers (or a private
 * window refusing them) still runs the companion online: registration failures are logged, never shown.
 */
export function registerCompanionWorker() {
  if (registered || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registered = true;
  new Workbox(WORKER_URL, { scope: WORKER_SCOPE, updateViaCache: "none" }).register().catch((err: unknown) => {
    console.warn("The companion's offline support is not available", err);
  });
}
