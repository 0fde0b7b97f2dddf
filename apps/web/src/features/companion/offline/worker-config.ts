import { VitePWA } from "vite-plugin-pwa";
import {
  DATA_CACHE,
  DATA_MAX_ENTRIES,
  DATA_URL,
  IMAGE_URL,
  IMAGES_CACHE,
  IMAGES_MAX_AGE_SECONDS,
  IMAGES_MAX_ENTRIES,
  WORKER_SCOPE,
  WORKER_URL,
} from "./offline-caches.ts";

/**
 * Build-time only (vite.config.ts): the companion's service worker, made by Workbox. It precaches the app's files
 * so `/m/…` opens offline, and keeps the API answers and pictures of the rolls opened. Registered by the companion
 * alone (`injectRegister: false`), with scope `/m/`: the rest of the web app never runs under it.
 */
export function companionWorker() {
  return VitePWA({
    strategies: "generateSW",
    injectRegister: false,
    // One manifest for the whole site: the server's (/manifest.webmanifest, brand colours from the domain).
    manifest: false,
    filename: WORKER_URL.slice(1),
    scope: WORKER_SCOPE,
    workbox: {
      globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
      // Error reporting's SDK (~80 KB) is fetched only where the server names a DSN, never precached for everyone.
      globIgnores: ["**/sentry-browser-*.js"],
      navigateFallback: "/index.html",
      navigateFallbackAllowlist: [/^\/m(\/|$)/],
      // One file: the server serves every built file but the hashed assets with no-cache, this one included.
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          urlPattern: DATA_URL,
          method: "GET",
          handler: "NetworkFirst",
          options: {
            cacheName: DATA_CACHE,
            networkTimeoutSeconds: 8,
            expiration: { maxEntries: DATA_MAX_ENTRIES },
            cacheableResponse: { statuses: [200] },
            // A renewed token changes the Authorization header; the answer is the same user's.
            matchOptions: { ignoreVary: true },
          },
        },
        {
          urlPattern: IMAGE_URL,
          method: "GET",
          handler: "CacheFirst",
          options: {
            cacheName: IMAGES_CACHE,
            expiration: { maxEntries: IMAGES_MAX_ENTRIES, maxAgeSeconds: IMAGES_MAX_AGE_SECONDS, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
            matchOptions: { ignoreVary: true },
            plugins: [
              {
                // Serialised into the worker on its own: it may use nothing from this module (see mediaCacheKey).
                cacheKeyWillBeUsed: async ({ request }) => {
                  const url = new URL(request.url);
                  return `${url.origin}${url.pathname}`;
                },
              },
            ],
          },
        },
      ],
    },
  });
}
