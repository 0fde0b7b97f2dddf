import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { companionWorker } from "./src/features/companion/offline/worker-config.ts";
import { directImports } from "./vite-plugins/direct-imports.ts";
import { mantineStyles } from "./vite-plugins/mantine-styles.ts";
import { pageChunks } from "./vite-plugins/page-chunks.ts";
import { precompress } from "./vite-plugins/precompress.ts";

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const pkg = (name: string) => fileURLToPath(import.meta.resolve(name));

/**
 * The lazy modules whose code is grouped by the pages that use it (see vite-plugins/page-chunks.ts): the public pages
 * and the lazy parts of every page, each on its own, so that none loads another's code; the user area's layout, the
 * roll page and the phone companion. The user area's other pages load the files of the roll page's code they use.
 */
const PAGES = {
  "modals-host": [pkg("@mantine/modals")],
  "notifications-host": [pkg("@mantine/notifications")],
  landing: [src("features/landing/landing-screen.tsx")],
  "newsletter-box": [src("features/newsletter/newsletter-box.tsx")],
  "newsletter-check": [src("features/newsletter/newsletter-check.ts")],
  "menu-drawer": [src("app/layouts/menu-drawer.tsx")],
  "language-menu": [src("shared/i18n/language-menu.tsx")],
  about: [src("features/landing/about-screen.tsx")],
  pricing: [src("features/pricing/pricing-screen.tsx")],
  tokens: [src("features/landing/tokens-screen.tsx")],
  contact: [src("features/contact/contact-screen.tsx")],
  "public-film": [src("features/public-film/public-film-screen.tsx")],
  "public-order": [src("features/public-order/public-order-screen.tsx")],
  purchase: [src("features/shop/purchase-screen.tsx")],
  sticker: [src("features/stickers/sticker-screen.tsx")],
  legal: [src("features/legal/legal-screen.tsx")],
  "not-found": [src("features/errors/not-found-screen.tsx")],
  unauthorized: [src("features/errors/unauthorized-screen.tsx")],
  lightroom: [src("features/plugins/lightroom-screens.tsx")],
  "user-layout": [src("app/layouts/user-layout.tsx")],
  "roll-page": [src("features/films/film-screen.tsx")],
  companion: [src("features/companion/companion-layout.tsx"), src("features/companion/rolls/rolls-screen.tsx")],
};
const pages = pageChunks({ pages: Object.entries(PAGES).map(([name, roots]) => ({ name, roots })) });

// The server answers everything but the app's own files; in development Vite serves the app and forwards the rest.
// The Host header is kept (changeOrigin: false): the OpenID provider builds its URLs from it, and they must be Vite's.
const server = { target: "http://localhost:3000", changeOrigin: false };

export default defineConfig({
  plugins: [react(), mantineStyles(), directImports(), companionWorker(), precompress()],
  // zod without eval, set once wherever it is first loaded (see the module).
  resolve: { alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./src/shared/zod-jitless.ts", import.meta.url)) }] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // .vite/manifest.json: what each page loads, read by bench/web.ts (the server does not serve dot folders).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes in as few files as fit under Vite's 500 kB warning, instead
          // of dozens of small shared chunks: fewer requests, and gzip sees the code together (~15 KB less).
          groups: [
            { name: "react", tags: ["$initial"], test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: pages.length + 3 },
            { name: "vendor", tags: ["$initial"], test: /node_modules[\\/]/, priority: pages.length + 2 },
            { name: "app", tags: ["$initial"], priority: pages.length + 1 },
            ...pages,
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": server,
      "/oidc": server,
      "/auth": server,
      "/media": server,
      "/ws": { ...server, ws: true },
      "/zip": server,
      "/contact": server,
      "/newsletter": server,
      "/beta": server,
      "/robots.txt": server,
      "/manifest.webmanifest": server,
    },
  },
});
