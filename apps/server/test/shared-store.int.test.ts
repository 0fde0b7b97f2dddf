import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STORE_MARKER_FILE } from "../src/platform/storage/shared-store-check.ts";
import { freshDatabase, type SpawnedServer, spawnServer } from "./spawned-server.ts";

const postgres = process.env.TEST_DATABASE_URL;
// Instances beside each other on one database share Redis, or the second one stops at start (instance-lock.ts).
const REDIS_URL = Object.assign(new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379"), { pathname: "/11" }).toString();

describe.skipIf(!postgres)(
  `the filesystem store beside other instances on one PostgreSQL${postgres ? "" : " (skipped: set TEST_DATABASE_URL to run it)"}`,
  () => {
    const started: SpawnedServer[] = [];
    let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    afterAll(async () => {
      for (const s of started) await s.dispose();
      await database?.drop();
    });

    it("refuses to start an instance whose DATA_DIR is not the one the database's files are in, saying which settings to change", async () => {
      database = await freshDatabase();
      const env = { DATABASE_URL: database.url, REDIS_URL, SECRET_KEY: "a-shared-secret-of-at-least-32-characters" };
      const first = await spawnServer(env);
      started.push(first);
      const marker = (await readFile(join(first.dataDir, "objects", STORE_MARKER_FILE), "utf8")).trim();
      expect(marker).toMatch(/^[0-9a-f-]{36}$/);

      // A second instance with a folder of its own would answer 404 for every file the first stored.
      // …while one on the same folder, as a shared volume gives it, is fine (both start at once, to keep this short).
      const [refusal, sibling] = await Promise.all([
        spawnServer(env).then(
          (s) => {
            started.push(s);
            return "started";
          },
          (err: Error) => err.message,
        ),
        spawnServer(env, { dataDir: first.dataDir }),
      ]);
      started.push(sibling);
      expect((await fetch(`${sibling.base}/readyz`)).status).toBe(200);
      expect(refusal).toContain("exited with code 1 before it was ready");
      const lines = refusal.split("\n").filter((l) => /S3_BUCKET/.test(l));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/DATA_DIR/);
      expect(refusal).not.toMatch(/^\s+at /m);
    }, 150_000);
  },
);
