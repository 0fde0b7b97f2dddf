import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { ConfigError } from "../../config.ts";
import type { Database } from "../db/schema.ts";
import { insertSettingIfAbsent, readSetting } from "../db/settings.store.ts";

/** The file in the store's root folder naming the store; no object key starts with a dot, so it never collides. */
export const STORE_MARKER_FILE = ".latent-store-id";
const SETTING = "fs_store_id";

/** The filesystem store is not the one the database's files are in: starting would lose or miss files. A setting to change. */
export class UnsharedStoreError extends ConfigError {}

/**
 * Files under DATA_DIR are only seen by the instance that wrote them. A second instance on the same PostgreSQL with
 * its own DATA_DIR would answer 404 for every file the first stored and store files the first never finds. So the
 * store holds a marker with an id, and the database records the id of the store its files went to: an instance
 * whose store lacks that marker refuses to start (decision 0019). A store or database that has neither (a first
 * start, or an upgrade from before the marker) adopts the other's id or a new one.
 */
export async function assertStoreSharedWithDatabase(db: Kysely<Database>, root: string): Promise<void> {
  const marker = join(root, STORE_MARKER_FILE);
  const readMarker = () =>
    readFile(marker, "utf8").then(
      (text) => text.trim() || null,
      (err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return null;
        throw err;
      },
    );
  const recorded = async () => (await readSetting<string>(db, SETTING)) ?? null;

  const held = await readMarker();
  let expected = await recorded();
  let named = false;
  if (!expected) {
    // Concurrent first starts: whichever insert wins names the store; the others then compare against it.
    const proposed = held ?? randomUUID();
    named = await insertSettingIfAbsent(db, SETTING, proposed);
    expected = (await recorded()) ?? proposed;
  }
  if (held === expected) return;
  if (held === null && named) {
    await mkdir(root, { recursive: true });
    await writeFile(marker, expected, { flag: "wx" }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "EEXIST") throw err;
    });
    if ((await readMarker()) === expected) return;
  }
  // Another instance sharing this very folder may have named the store a moment ago, between our two reads.
  for (let i = 0; held === null && i < 5; i++) {
    if ((await readMarker()) === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new UnsharedStoreError(
    `The database already keeps its files in another instance's folder, so this instance would lose or miss files: set S3_BUCKET (shared storage) on every instance, or point DATA_DIR at the folder they share (${root} lacks the database's ${STORE_MARKER_FILE}).`,
  );
}
