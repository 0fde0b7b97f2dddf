import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { inject } from "vitest";
import { openDatabase } from "../src/platform/db/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

/**
 * A fresh PGlite runs initdb (≈1.9 s of CPU) before its first query; an API test file starts several servers, and a
 * mutation run starts them for every mutant. The test run migrates one data folder once (globalSetup below) and every
 * PGlite test server starts from a copy of it (≈0.3 s), then migrates as usual: nothing is pending unless a migration
 * was added since, so what the server runs is the same code as in production (decision 0038).
 */
export default async function setup({ provide }: { provide: (key: "pgliteTemplate", value: string | null) => void }) {
  const dir = await mkdtemp(join(tmpdir(), "latent-pglite-template-"));
  const { db } = await openDatabase({ dataDir: dir });
  await db.destroy();
  provide("pgliteTemplate", join(dir, "pglite"));
  return () => rm(dir, { recursive: true, force: true });
}

/** Puts the migrated template in `dataDir` when this run has one and the folder holds no database yet. */
export async function seedPglite(dataDir: string): Promise<void> {
  let template: string | null = null;
  try {
    template = inject("pgliteTemplate") ?? null;
  } catch {
    // Outside a run with the global setup (a single file run by hand): the server runs initdb itself.
  }
  const target = join(dataDir, "pglite");
  if (!template || !existsSync(template) || existsSync(target)) return;
  await mkdir(dataDir, { recursive: true });
  // cp is ~7× faster than fs.cp on PGlite's ~1,200 small files.
  await promisify(execFile)("cp", ["-R", template, target]);
}
