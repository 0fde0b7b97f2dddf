import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The server answers everything but the app's own files; in development Vite serves the app and forwards the rest.
// The Host header is kept (changeOrigin: false): the OpenID provider builds its URLs from it, and they must be Vite's.
const server = { target: "http://localhost:3000", changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
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
