import { rmSync } from "node:fs";

/**
 * Removes the run's data directory. The server still runs during teardown, so the removal waits for the runner's
 * exit, after Playwright has stopped the server.
 */
export default function globalTeardown() {
  const dir = process.env.LATENT_E2E_DATA_DIR;
  if (!dir) return;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}
