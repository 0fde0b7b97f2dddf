import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { companionWorker } from "./src/features/companion/offline/worker-config.ts";
import { precompress } from "./vite-plugins/precompress.ts";

// The server answers everything but the app's own files; in development Vite serves the app and forwards the rest.
// The Host header is kept (changeOrigin: false): the OpenID provider builds its URLs from it, and they must be Vite's.
const server = { target: "http://localhost:3000", changeOrigin: false };

export default defineConfig({
  plugins: [react(), companionWorker(), precompress()],
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
            { name: "react", tags: ["$initial"], test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: "vendor", tags: ["$initial"], test: /node_modules[\\/]/, priority: 2 },
            { name: "app", tags: ["$initial"], priority: 1 },
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
