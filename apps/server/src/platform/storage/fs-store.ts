import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, truncate, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKey, type ObjectStore, type StoredObject } from "./object-store.ts";

/** S3 refuses to complete an upload whose parts, other than the last, are smaller than this; so do we, so that fs hides no S3 failure. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
const MAX_PART_NUMBER = 10_000;
const BUFFER = 1 << 20;
/** A part written in place goes to disk in writes of this size: see writeAt. */
const WRITE_BATCH = 2 << 20;
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ETAG = /^[0-9a-f]{32}$/;

interface UploadManifest {
  key: string;
  contentType: string;
  createdAt: string;
  /** Every part but the last has this size: parts are written at their offset in one file (`data`). */
  partSize?: number;
}

/** The upload's file when parts are written in place, and the suffix of the note that a part's version is in it. */
const DATA = "data";
const PLACED = ".placed";

/** The stored versions of a part: `<n>.<etag>` (its bytes) or `<n>.<etag>.placed` (its size; bytes in `data`). */
async function versionsOf(staging: string, partNumber: number) {
  return (await readdir(staging).catch(() => [])).filter((name) => name.startsWith(`${partNumber}.`) && !name.endsWith(".tmp"));
}

/** One stored version of a part, by ETag, or null. */
async function storedPart(staging: string, partNumber: number, etag: string) {
  const own = join(staging, `${partNumber}.${etag}`);
  const s = await stat(own).catch(() => null);
  if (s) return { path: own, size: s.size, placed: false };
  const note = await readFile(`${own}${PLACED}`, "utf8").catch(() => null);
  return note === null ? null : { path: join(staging, DATA), size: Number(note), placed: true };
}

/**
 * Objects as files under a root folder; the content type sits beside each in a small `.meta` file.
 * Multipart uploads stage their parts under `<root>/.uploads/<uploadId>/` (no key can start with a dot, so
 * staging never collides with an object). A part's ETag is a random tag of that stored version (not an MD5: nothing
 * here needs one, and hashing cost a fifth of an upload's time; decision 0022), and completing with an ETag takes
 * exactly the version it names. When the upload's part size is known, the first version of each part is written at
 * its offset in one file, so completion copies nothing; a version sent again, and every part without a part size,
 * is a file of its own, `<partNumber>.<etag>`, renamed into place whole, so no part is ever seen half-written.
 */
export function createFsStore(root: string): ObjectStore {
  const uploadsRoot = join(root, ".uploads");
  /** Parts being written in place in this process, by `<uploadId>/<partNumber>`, each settling when its write ends. */
  const placing = new Map<string, Promise<void>>();
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
    async getRange(key, offset, length) {
      if (!(await info(key))) return null;
      const file = await open(pathOf(key), "r");
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await file.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
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

    async createMultipart(key, contentType, options) {
      assertKey(key);
      const uploadId = randomUUID();
      const staging = stagingOf(uploadId);
      await mkdir(staging, { recursive: true });
      const partSize = options?.partSize && options.partSize >= MIN_PART_SIZE ? options.partSize : undefined;
      if (partSize) await writeFile(join(staging, DATA), "");
      const manifest: UploadManifest = { key, contentType, createdAt: new Date().toISOString(), partSize };
      await writeFile(join(staging, "upload.json"), JSON.stringify(manifest));
      return uploadId;
    },

    async putPart(key, uploadId, partNumber, body, size) {
      assertPartNumber(partNumber);
      const { staging, manifest } = await openUpload(key, uploadId);
      const etag = randomUUID().replaceAll("-", "");
      const { partSize } = manifest;
      if (partSize !== undefined && (size ?? 0) > partSize) {
        body.resume();
        throw new Error(
          `Part ${partNumber} of upload ${uploadId} has ${size} bytes announced, more than the upload's ${partSize}-byte parts`,
        );
      }
      const limit = size ?? partSize;
      let written = 0;
      const counted = async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          written += chunk.length;
          // Thrown before the chunk is written: a part written in place never spills into the next one.
          if (limit !== undefined && written > limit)
            throw new Error(`Part ${partNumber} of upload ${uploadId} has more than the ${limit} bytes announced`);
          yield chunk;
        }
      };
      const assertWhole = () => {
        if (size !== undefined && written < size)
          throw new Error(`Part ${partNumber} of upload ${uploadId} has ${written} bytes, ${size} were announced`);
      };
      const slot = `${uploadId}/${partNumber}`;
      // The first version of a part goes straight to its place in the upload's file; a part sent again while an
      // earlier version exists or is being written goes to a file of its own (as every part does without a part
      // size), so the earlier version's bytes stay what its ETag names until the new one is whole.
      const inPlace = partSize !== undefined && !placing.has(slot) && !(await versionsOf(staging, partNumber)).length;
      if (inPlace && !placing.has(slot)) {
        let done!: () => void;
        placing.set(slot, new Promise<void>((resolve) => (done = resolve)));
        try {
          const file = await open(join(staging, DATA), "r+");
          try {
            written = await writeAt(file, body, (partNumber - 1) * partSize, limit, `Part ${partNumber} of upload ${uploadId}`);
          } finally {
            await file.close();
          }
          assertWhole();
          await writeFile(join(staging, `${partNumber}.${etag}${PLACED}`), String(written));
        } catch (err) {
          if (isMissing(err)) throw new Error(`No multipart upload ${uploadId} (aborted or completed while part ${partNumber} arrived)`);
          throw err;
        } finally {
          placing.delete(slot);
          done();
        }
      } else {
        const temp = join(staging, `${partNumber}.${randomUUID()}.tmp`);
        try {
          await pipeline(body, counted, createWriteStream(temp, { highWaterMark: BUFFER }));
          assertWhole();
          await rename(temp, join(staging, `${partNumber}.${etag}`));
        } catch (err) {
          await rm(temp, { force: true });
          if (isMissing(err)) throw new Error(`No multipart upload ${uploadId} (aborted or completed while part ${partNumber} arrived)`);
          throw err;
        }
      }
      // Earlier versions of the part stay until completion or abort removes the staging folder: ETags here are random,
      // so the same bytes sent twice at once get two, and the caller may record either one last. Completing takes
      // the version it names, as S3 does with a re-sent part's identical (MD5) ETag (issue 16, races).
      return { partNumber, etag, size: written };
    },

    async completeMultipart(key, uploadId, parts) {
      const { staging, manifest } = await openUpload(key, uploadId);
      const ordered = orderParts(parts);
      // A first version still being written in place (a re-send raced it) finishes before the file is taken.
      await Promise.all(ordered.map((p) => placing.get(`${uploadId}/${p.partNumber}`)));
      // Looked up at once: each is a round trip to libuv's threads, and a scan has up to hundreds of parts.
      const found = await Promise.all(
        ordered.map((part) => {
          const etag = part.etag.replaceAll('"', "").toLowerCase();
          return ETAG.test(etag) ? storedPart(staging, part.partNumber, etag) : null;
        }),
      );
      const files: { path: string; size: number; placed: boolean }[] = [];
      for (const [i, stored] of found.entries()) {
        if (!stored) throw new Error(await partMismatch(staging, uploadId, ordered[i]!));
        files.push(stored);
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
      if (manifest.partSize !== undefined) {
        const { partSize } = manifest;
        ordered.forEach((part, i) => {
          if (part.partNumber !== i + 1 || (i < files.length - 1 && files[i]!.size !== partSize))
            throw new Error(`Upload ${uploadId} is completed with parts 1 to n of ${partSize} bytes each but the last`);
        });
        // The parts are in place already; only those sent again, kept aside, are copied into theirs.
        const data = join(staging, DATA);
        for (const [i, file] of files.entries()) {
          if (file.placed) continue;
          await pipeline(
            createReadStream(file.path, { highWaterMark: BUFFER }),
            createWriteStream(data, { flags: "r+", start: i * partSize, highWaterMark: BUFFER }),
          );
        }
        await truncate(
          data,
          files.reduce((sum, f) => sum + f.size, 0),
        );
        await writeFile(`${target}.meta`, JSON.stringify({ contentType: manifest.contentType }));
        await rename(data, target);
      } else {
        const temp = `${target}.${randomUUID()}.part`;
        // The first part becomes the object by a rename and the others are appended to it: a one-part upload
        // costs no copy at all. On failure the first part is put back, so completion can be retried.
        const [first, ...rest] = files as [(typeof files)[number], ...(typeof files)[number][]];
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
      }
      await removeStaging(staging);
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
      await removeStaging(staging);
    },
  };
}

/**
 * Writes a body into a file from `position` in few large writes, one of them on disk while the next one fills, and
 * answers the bytes written; a body longer than `limit` throws before its excess is written. Each write is a hand-off
 * to libuv's threads, which on a busy machine cost as much as the bytes: a write stream's one or two writes per
 * 64 KB received buffer were a third of the server's CPU per uploaded byte (decision 0049).
 */
/**
 * Removes an upload's staging folder. A part sent again may still be writing into it (its earlier version raced the
 * completion): the folder is moved aside first, so such a writer finds it gone (and its part is answered as arriving
 * too late) instead of adding a file while it is removed, which failed the completion with ENOTEMPTY.
 */
async function removeStaging(staging: string) {
  const aside = `${staging}.removed-${randomUUID()}`;
  try {
    await rename(staging, aside);
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  await rm(aside, { recursive: true, force: true, maxRetries: 3 });
}

async function writeAt(file: FileHandle, body: AsyncIterable<Buffer>, position: number, limit: number | undefined, what: string) {
  let written = 0;
  let batch: Buffer[] = [];
  let batched = 0;
  let writing: Promise<void> = Promise.resolve();
  const writeAll = async (buffers: Buffer[], at: number, length: number) => {
    const { bytesWritten } = await file.writev(buffers, at);
    // A short write (a full disk, a signal) is finished from where it stopped, as fs write streams do.
    if (bytesWritten < length) {
      const whole = Buffer.concat(buffers, length);
      for (let done = bytesWritten; done < length; ) {
        const more = (await file.write(whole, done, length - done, at + done)).bytesWritten;
        if (more === 0) throw new Error(`${what}: the disk took no more bytes`);
        done += more;
      }
    }
  };
  const flush = async () => {
    const buffers = batch;
    const length = batched;
    const at = position;
    batch = [];
    batched = 0;
    position += length;
    await writing;
    writing = writeAll(buffers, at, length);
    writing.catch(() => undefined);
  };
  try {
    for await (const chunk of body) {
      written += chunk.length;
      if (limit !== undefined && written > limit) throw new Error(`${what} has more than the ${limit} bytes announced`);
      batch.push(chunk);
      batched += chunk.length;
      if (batched >= WRITE_BATCH) await flush();
    }
    if (batched) await flush();
  } finally {
    await writing;
  }
  return written;
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
  const etag = stored.slice(stored.indexOf(".") + 1).replace(PLACED, "");
  return `Part ${part.partNumber} of upload ${uploadId} has ETag ${etag}, not ${JSON.stringify(part.etag)}: resend the part or list its current ETag`;
}
