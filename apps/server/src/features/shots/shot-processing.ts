import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import { SHOT_ERROR_MESSAGES, type ShotErrorCode } from "@latent/domain/films";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { loadSharp } from "../../platform/images/load-sharp.ts";
import { scannerOfExif } from "../../platform/metadata/scanner-of-exif.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { ShotRow, ShotsService } from "./shots.service.ts";
import { claimPendingShot, failExhaustedShots, releaseShotClaims, updateShotRow } from "./shots.store.ts";

export interface ProcessingOptions {
  /** Largest image accepted, in pixels: a 4x5" sheet at 4000 dpi is ~320 MP; a decompression bomb is far more. */
  maxPixels: number;
  concurrency: number;
  tmpDir: string;
  previewPx: number;
  thumbnailPx: number;
  /** Told of each scan processed, with its outcome and time (the metrics). */
  onProcessed?: (outcome: "done" | "error", seconds: number) => void;
}

export const DEFAULT_PROCESSING: Omit<ProcessingOptions, "tmpDir"> = {
  maxPixels: 700_000_000,
  concurrency: 2,
  previewPx: 2048,
  thumbnailPx: 480,
};

const MAX_ATTEMPTS = 3;
const STALE_CLAIM_S = 600;
const IDLE_POLL_MS = 5_000;

/** Why a scan could not be made into a preview: a code the web app translates, and the English text. */
function failureOf(err: unknown, maxPixels: number): { error_code: ShotErrorCode; error_message: string } {
  const text = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(text))
    return { error_code: "image-too-large", error_message: `The image is larger than ${Math.round(maxPixels / 1e6)} megapixels` };
  if (/unsupported image format|bad seek|corrupt|premature end|Input buffer|VipsJpeg|tiff/i.test(text))
    return { error_code: "image-damaged", error_message: SHOT_ERROR_MESSAGES["image-damaged"] };
  return { error_code: "processing-failed", error_message: SHOT_ERROR_MESSAGES["processing-failed"] };
}

/** The preview (long side `previewPx`) and thumbnail of a scan file, and its upright dimensions. */
export async function makePreviews(path: string, options: Pick<ProcessingOptions, "maxPixels" | "previewPx" | "thumbnailPx">) {
  const sharp = await loadSharp();
  const input = { limitInputPixels: options.maxPixels, sequentialRead: true, failOn: "error" as const };
  const meta = await sharp(path, input).metadata();
  const preview = await sharp(path, input)
    .rotate()
    .resize(options.previewPx, options.previewPx, { fit: "inside", withoutEnlargement: true })
    .toColourspace("srgb")
    // JPEG, not WebP: encoding a 2048 px WebP costs about twice as much CPU as the JPEG (measured with npm run bench).
    .jpeg({ quality: 85 })
    .toBuffer();
  // The thumbnail comes from the preview: a few megapixels instead of the whole scan again.
  const thumbnail = await sharp(preview)
    .resize(options.thumbnailPx, options.thumbnailPx, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  const upright = (meta.orientation ?? 1) >= 5;
  return {
    preview,
    thumbnail,
    width: (upright ? meta.height : meta.width) ?? null,
    height: (upright ? meta.width : meta.height) ?? null,
    scanner: await scannerOfExif(meta.exif),
  };
}

/**
 * Makes the preview and thumbnail of uploaded scans, off the request path, a bounded number at a time.
 * sharp reads the scan from a file, with random access, instead of holding it in memory: the store's own file when
 * it keeps files, else a temporary copy. Either way the bytes are read once more for their CRC-32 (for the zip).
 */
export function createShotProcessor(
  deps: { db: Kysely<Database>; store: ObjectStore; shots: ShotsService; log: FastifyBaseLogger },
  options: ProcessingOptions,
) {
  const { db, store, shots, log } = deps;
  let running = 0;
  // Only an instance that processes scans (role `all` or `worker`) starts; a `web` instance never claims a shot.
  let started = false;
  let stopped = false;
  const claimed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const idle = new Set<() => void>();

  async function processOne(shot: ShotRow) {
    const tmp = join(options.tmpDir, `${randomUUID()}.scan`);
    const began = performance.now();
    try {
      const object = await store.get(shot.object_key);
      if (!object) throw new Error("The uploaded file is missing");
      let crc = 0;
      let size = 0;
      const checksum = new Transform({
        transform(chunk: Buffer, _enc, done) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const local = store.localPath?.(shot.object_key);
      if (local) {
        await pipeline(object.body, checksum, new Writable({ write: (_chunk, _enc, done) => done() }));
      } else {
        await mkdir(options.tmpDir, { recursive: true });
        await pipeline(object.body, checksum, createWriteStream(tmp, { highWaterMark: 1 << 20 }));
      }

      const { preview, thumbnail, width, height, scanner } = await makePreviews(local ?? tmp, options);
      const base = shot.object_key.replace(/\/original$/, "");
      const previewKey = `${base}/preview.jpg`;
      const thumbKey = `${base}/thumb.webp`;
      await store.put(previewKey, preview, "image/jpeg");
      await store.put(thumbKey, thumbnail, "image/webp");
      // What the scan's EXIF says of its scanner fills the roll's where it has none (issue 28); a failure here is
      // not the scan's. Before the shot is done, so whoever sees it done sees the roll's scanner too.
      await shots.scanned.run({ shot, scanner }).catch((err) => log.warn({ err, shot: shot.id }, "scanner prefill failed"));
      const row = await updateShotRow(db, shot.id, {
        state: "done",
        error_message: null,
        error_code: null,
        crc32: crc >>> 0,
        size,
        width,
        height,
        preview_key: previewKey,
        thumb_key: thumbKey,
        claimed_at: null,
      });
      if (row) shots.announce(row);
      // A step of the roll's life is not the scan's: its failure is logged, the scan stays done.
      if (row) await shots.processed.run(row).catch((err) => log.warn({ err, shot: shot.id }, "roll step after a scan failed"));
      options.onProcessed?.("done", (performance.now() - began) / 1000);
    } catch (err) {
      log.warn({ err, shot: shot.id }, "shot processing failed");
      options.onProcessed?.("error", (performance.now() - began) / 1000);
      const row = await updateShotRow(db, shot.id, {
        state: "error",
        ...failureOf(err, options.maxPixels),
        claimed_at: null,
      }).catch(() => undefined);
      if (row) shots.announce(row);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async function fill() {
    while (!stopped && running < options.concurrency) {
      const shot = await claimPendingShot(db, STALE_CLAIM_S, MAX_ATTEMPTS).catch((err) => {
        log.error({ err }, "could not claim a shot to process");
        return undefined;
      });
      if (!shot) break;
      running++;
      claimed.add(shot.id);
      void processOne(shot).finally(() => {
        claimed.delete(shot.id);
        running--;
        if (running === 0) for (const resolve of idle) resolve();
        void fill();
      });
    }
  }

  const tick = async () => {
    if (stopped) return;
    for (const s of await failExhaustedShots(db, MAX_ATTEMPTS).catch(() => [])) log.warn({ shot: s.id }, "shot processing gave up");
    await fill();
    timer = setTimeout(tick, IDLE_POLL_MS);
    timer.unref();
  };

  return {
    start() {
      started = true;
      void tick();
    },
    /** Called when an upload completes, so processing starts without waiting for the next poll. */
    poke() {
      if (started) void fill();
    },
    /** Resolves when nothing is being processed (tests, shutdown). */
    async drain() {
      if (running === 0) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          idle.delete(done);
          resolve();
        };
        idle.add(done);
      });
    },
    /**
     * Claims no more shots and waits for those being processed; after `graceMs`, the shots still in hand go back
     * to the queue (unclaimed, the attempt not counted) so another instance takes them at once instead of after
     * the stale-claim delay. Answers the shots it gave back.
     */
    async stop(graceMs = Number.POSITIVE_INFINITY): Promise<string[]> {
      stopped = true;
      if (timer) clearTimeout(timer);
      let bound: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        this.drain().then(() => true),
        ...(Number.isFinite(graceMs) ? [new Promise<false>((resolve) => (bound = setTimeout(resolve, graceMs, false)))] : []),
      ]);
      clearTimeout(bound);
      if (finished || claimed.size === 0) return [];
      const released = await releaseShotClaims(db, [...claimed]).catch((err) => {
        log.error({ err }, "could not release the shots being processed");
        return [];
      });
      if (released.length) log.warn({ shots: released.map((s) => s.id) }, "shutting down: shots being processed went back to the queue");
      return released.map((s) => s.id);
    },
  };
}

export type ShotProcessor = ReturnType<typeof createShotProcessor>;
