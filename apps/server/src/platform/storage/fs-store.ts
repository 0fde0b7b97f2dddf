import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, truncate, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKey, type ObjectStore, type StoredObject } from "./object-store.ts";

/** S3 refuses to complete an upload whose parts, other than the last, are smaller than this; so do we, so that fs hides no S3 failure. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_NUMBER = 10_000;
const BUFFER = 1 << 20;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ETAG = /^[0-9a-f]{32}$/;

interface UploadManifest {
  key: string;
  contentType: string;
  createdAt: string;
}

/**
 * Objects as files under a root folder; the content type sits beside each in a small `.meta` file.
 * Multipart uploads stage their parts under `<root>/.uploads/<uploadId>/` (no key can start with a dot, so
 * staging never collides with an object). Each part file is named `<partNumber>.<md5>`: completing with an
 * ETag therefore reads exactly the bytes that ETag names, and a part is never seen half-written.
 */
export function createFsStore(root: string): ObjectStore {
  const uploadsRoot = join(root, ".uploads");
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, key);
  };
  const stagingOf = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`Invalid multipart upload id: ${JSON.stringify(uploadId)}`);
    return join(uploadsRoot, uploadId);
  };
  const info = async (key: string): Promise<StoredObject | null> => {
    try {
      const [s, meta] = await Promise.all([stat(pathOf(key)), readFile(`${pathOf(key)}.meta`, "utf8").catch(() => "{}")]);
      // A key that is only the folder of other keys is not an object (as on S3).
      if (!s.isFile()) return null;
      return { size: s.size, contentType: JSON.parse(meta).contentType ?? "application/octet-stream" };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };
  /** The staging folder and manifest of an upload started for `key`; throws when there is none. */
  const openUpload = async (key: string, uploadId: string) => {
    assertKey(key);
    const staging = stagingOf(uploadId);
    let manifest: UploadManifest;
    try {
      manifest = JSON.parse(await readFile(join(staging, "upload.json"), "utf8"));
    } catch (err) {
      if (isMissing(err)) throw new Error(`No multipart upload ${uploadId} (never started, completed or aborted)`);
      throw err;
    }
    if (manifest.key !== key) throw new Error(`Multipart upload ${uploadId} belongs to another key than ${key}`);
    return { staging, manifest };
  };

  return {
    async put(key, body, contentType) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Write aside and rename, so a reader never sees half an object.
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp, { highWaterMark: BUFFER }));
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
      return { body: createReadStream(pathOf(key), { highWaterMark: BUFFER }), info: found };
    },
    localPath(key) {
      return pathOf(key);
    },
    head: info,
    async delete(key) {
      await rm(pathOf(key), { force: true });
      await rm(`${pathOf(key)}.meta`, { force: true });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith("/")) throw new Error(`Invalid object key prefix (must end with "/"): ${prefix}`);
      // Every key under the prefix lives in this one folder, with its `.meta` beside it.
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },

    async createMultipart(key, contentType) {
      assertKey(key);
      const uploadId = randomUUID();
      const staging = stagingOf(uploadId);
      await mkdir(staging, { recursive: true });
      const manifest: UploadManifest = { key, contentType, createdAt: new Date().toISOString() };
      await writeFile(join(staging, "upload.json"), JSON.stringify(manifest));
      return uploadId;
    },

    async putPart(key, uploadId, partNumber, body, size) {
      assertPartNumber(partNumber);
      const { staging } = await openUpload(key, uploadId);
      const temp = join(staging, `${partNumber}.${randomUUID()}.tmp`);
      const md5 = createHash("md5");
      let written = 0;
      let etag: string;
      try {
        await pipeline(
          body,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              written += chunk.length;
              if (size !== undefined && written > size)
                throw new Error(`Part ${partNumber} of upload ${uploadId} has more than the ${size} bytes announced`);
              md5.update(chunk);
              yield chunk;
            }
          },
          createWriteStream(temp, { highWaterMark: BUFFER }),
        );
        if (size !== undefined && written < size) {
          throw new Error(`Part ${partNumber} of upload ${uploadId} has ${written} bytes, ${size} were announced`);
        }
        etag = md5.digest("hex");
        await rename(temp, join(staging, `${partNumber}.${etag}`));
      } catch (err) {
        await rm(temp, { force: true });
        if (isMissing(err)) throw new Error(`No multipart upload ${uploadId} (aborted or completed while part ${partNumber} arrived)`);
        throw err;
      }
      // A re-sent part with other bytes replaces the earlier version.
      for (const name of await readdir(staging).catch(() => [])) {
        if (name.startsWith(`${partNumber}.`) && !name.endsWith(".tmp") && name !== `${partNumber}.${etag}`) {
          await rm(join(staging, name), { force: true });
        }
      }
      return { partNumber, etag, size: written };
    },

    async completeMultipart(key, uploadId, parts) {
      const { staging, manifest } = await openUpload(key, uploadId);
      const ordered = orderParts(parts);
      const files: { path: string; size: number }[] = [];
      for (const part of ordered) {
        const etag = part.etag.replaceAll('"', "").toLowerCase();
        const stored = ETAG.test(etag) ? await stat(join(staging, `${part.partNumber}.${etag}`)).catch(() => null) : null;
        if (!stored) throw new Error(await partMismatch(staging, uploadId, part));
        files.push({ path: join(staging, `${part.partNumber}.${etag}`), size: stored.size });
      }
      files.forEach((file, i) => {
        if (i < files.length - 1 && file.size < MIN_PART_SIZE) {
          throw new Error(
            `Part ${ordered[i]!.partNumber} of upload ${uploadId} has ${file.size} bytes; every part but the last needs at least ${MIN_PART_SIZE} (S3's minimum)`,
          );
        }
      });

      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      // The first part becomes the object by a rename and the others are appended to it: a one-part upload
      // (most scans) costs no copy at all. On failure the first part is put back, so completion can be retried.
      const [first, ...rest] = files as [{ path: string; size: number }, ...{ path: string; size: number }[]];
      await rename(first.path, temp);
      try {
        if (rest.length) {
          await pipeline(
            async function* () {
              for (const file of rest) yield* createReadStream(file.path, { highWaterMark: BUFFER });
            },
            createWriteStream(temp, { flags: "a", highWaterMark: BUFFER }),
          );
        }
        await writeFile(`${target}.meta`, JSON.stringify({ contentType: manifest.contentType }));
        await rename(temp, target);
      } catch (err) {
        await truncate(temp, first.size).catch(() => undefined);
        await rename(temp, first.path).catch(() => rm(temp, { force: true }));
        throw err;
      }
      await rm(staging, { recursive: true, force: true });
      const s = await stat(target);
      return { size: s.size, contentType: manifest.contentType };
    },

    async abortMultipart(key, uploadId) {
      assertKey(key);
      const staging = stagingOf(uploadId);
      const manifest = await readFile(join(staging, "upload.json"), "utf8").catch(() => null);
      if (manifest && (JSON.parse(manifest) as UploadManifest).key !== key) {
        throw new Error(`Multipart upload ${uploadId} belongs to another key than ${key}`);
      }
      await rm(staging, { recursive: true, force: true });
    },
  };
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
    throw new Error(`Invalid part number ${partNumber} (1 to ${MAX_PART_NUMBER})`);
  }
}

/** The listed parts in ascending part-number order; an empty list or a number given twice is a caller's mistake. */
function orderParts<T extends { partNumber: number }>(parts: T[]): T[] {
  if (parts.length === 0) throw new Error("A multipart upload needs at least one part to complete");
  for (const part of parts) assertPartNumber(part.partNumber);
  const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  ordered.forEach((part, i) => {
    if (i > 0 && ordered[i - 1]!.partNumber === part.partNumber) throw new Error(`Part ${part.partNumber} is listed twice`);
  });
  return ordered;
}

/** Why a listed part cannot be used: never uploaded, or uploaded with other bytes than the ETag says. */
async function partMismatch(staging: string, uploadId: string, part: { partNumber: number; etag: string }): Promise<string> {
  const stored = (await readdir(staging)).find((name) => name.startsWith(`${part.partNumber}.`) && !name.endsWith(".tmp"));
  if (!stored) return `Part ${part.partNumber} of upload ${uploadId} was never uploaded`;
  const etag = stored.slice(stored.indexOf(".") + 1);
  return `Part ${part.partNumber} of upload ${uploadId} has ETag ${etag}, not ${JSON.stringify(part.etag)}: resend the part or list its current ETag`;
}
