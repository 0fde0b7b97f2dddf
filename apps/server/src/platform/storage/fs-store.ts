import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKey, type ObjectStore, type StoredObject } from "./object-store.ts";

/** Objects as files under a root folder; the content type sits beside each in a small `.meta` file. */
export function createFsStore(root: string): ObjectStore {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, key);
  };
  const info = async (key: string): Promise<StoredObject | null> => {
    try {
      const [s, meta] = await Promise.all([stat(pathOf(key)), readFile(`${pathOf(key)}.meta`, "utf8").catch(() => "{}")]);
      return { size: s.size, contentType: JSON.parse(meta).contentType ?? "application/octet-stream" };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  };
  return {
    async put(key, body, contentType) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Write aside and rename, so a reader never sees half an object.
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp, { highWaterMark: 1 << 20 }));
        await writeFile(`${target}.meta`, JSON.stringify({ contentType }));
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      const s = await stat(target);
      return { size: s.size, contentType };
    },
    async get(key) {
      const found = await info(key);
      if (!found) return null;
      return { body: createReadStream(pathOf(key), { highWaterMark: 1 << 20 }), info: found };
    },
    head: info,
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(`${pathOf(key)}.meta`, { force: true });
    },
  };
}
