/**
 * `npm start`'s build step: builds the web app only when what it is built from changed since the last build (its
 * sources, the domain package it imports, the locked dependency versions), so a restart serves in about a second
 * instead of rebuilding for ten. `npm run build` (`--always`) builds whatever the fingerprint says, and keeps the new
 * fingerprint too, so the next `npm start` serves that build. The fingerprint of the last build is kept next to it.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const SKIP = new Set(["node_modules", "dist", ".vite"]);
const STAMP = ".source-fingerprint";

function* files(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** One hash over every input's path and bytes: a renamed, added, removed or edited file changes it. */
export function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  const lock = join(root, "package-lock.json");
  const inputs = [...files(join(root, "apps/web")), ...files(join(root, "packages/domain")), ...(existsSync(lock) ? [lock] : [])];
  for (const path of inputs) hash.update(relative(root, path)).update("\0").update(readFileSync(path)).update("\0");
  return hash.digest("hex");
}

/** Runs `build` (which answers its exit code) unless the last successful build was made from the same sources. */
export function buildIfChanged(root: string, build: () => number, always = false): "unchanged" | "built" | "failed" {
  const dist = join(root, "apps/web/dist");
  const fingerprint = sourceFingerprint(root);
  const stamp = join(dist, STAMP);
  const same = existsSync(join(dist, "index.html")) && existsSync(stamp) && readFileSync(stamp, "utf8") === fingerprint;
  if (same && !always) return "unchanged";
  if (build() !== 0) return "failed";
  writeFileSync(stamp, fingerprint);
  return "built";
}

if (import.meta.main) {
  const root = join(import.meta.dirname, "..");
  const vite = join(root, "node_modules/.bin/vite");
  const outcome = buildIfChanged(
    root,
    () => {
      const run = spawnSync(vite, ["build", "apps/web", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
      if (run.error) console.error(`Could not run ${vite}: ${run.error.message} (did npm install finish?)`);
      return run.status ?? 1;
    },
    process.argv.includes("--always"),
  );
  if (outcome === "unchanged") console.log("The web app is unchanged since its last build (npm run build rebuilds it anyway).");
  if (outcome === "failed") process.exit(1);
}
