import { randomUUID } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import { MAX_SHOTS_PER_ROLL } from "@latent/domain/film-config";
import type { UploadStatus } from "@latent/domain/films";
import { exposureFromFileName } from "@latent/domain/frame-exposure";
import { IMAGE_SIGNATURE_BYTES, imageTypeOf } from "@latent/domain/image-signature";
import type { Kysely, Selectable } from "kysely";
import { isForeignKeyViolation, isUniqueViolation } from "../../platform/db/db-errors.ts";
import type { Database, UploadsTable } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { peekStream } from "../../platform/http/peek-stream.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotProcessor } from "../shots/shot-processing.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import {
  attachStoreUpload,
  deleteUpload,
  endStalledUploads,
  endUnfinishedUpload,
  endUnfinishedUploadsOfShots,
  findUpload,
  finishUpload,
  forgetPart,
  insertUpload,
  listAbandonedUploads,
  listParts,
  listUnfinishedUploads,
  recordPart,
  touchOpenUpload,
} from "./uploads.store.ts";

/** Chunk size handed to clients: large enough for S3's 5 MiB part minimum, small enough to retry cheaply. */
export const PART_SIZE = 16 * 1024 * 1024;
const ABANDONED_AFTER_MS = 24 * 3600 * 1000;

export interface UploadsDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  films: FilmsService;
  shots: ShotsService;
  entitlements: EntitlementsService;
  processor: Pick<ShotProcessor, "poke">;
  maxShotBytes: number;
  /** An unfinished upload without news (no part starting or arriving) for this long is stalled. */
  staleAfterMs: number;
  log?: { warn(obj: object, msg: string): void };
}

/** What a chunk needs of its upload to start streaming, none of which changes once the store's upload exists. */
type KnownUpload = Pick<
  Selectable<UploadsTable>,
  "id" | "user_id" | "shot_id" | "object_key" | "store_upload_id" | "part_size" | "part_count" | "content_length"
>;
/** Enough for every upload in flight on one instance; the oldest are forgotten first (a chunk then waits for its row). */
const KNOWN_UPLOADS = 10_000;

const urlsOf = (uploadId: string, partCount: number) => Array.from({ length: partCount }, (_, i) => `/api/uploads/${uploadId}/${i + 1}`);

export function createUploadsService(deps: UploadsDeps) {
  const { db, store, films, shots, entitlements, processor, maxShotBytes, staleAfterMs, log } = deps;
  /**
   * Uploads seen on this instance, by id: a chunk of one of them starts streaming while its row is checked, so the
   * database's round trip is not in front of the bytes (decision 0049). The check still decides the answer.
   */
  const known = new Map<string, KnownUpload>();
  const remember = (u: KnownUpload) => {
    if (!u.store_upload_id) return;
    known.delete(u.id);
    known.set(u.id, u);
    if (known.size > KNOWN_UPLOADS) known.delete(known.keys().next().value as string);
  };

  /**
   * Aborts an ended upload's staging in the store (its parts live outside the roll's prefix on S3). An upload whose
   * start has not yet created its store upload (an empty id) has none: that start sees the row gone and aborts its own.
   */
  const abortStaged = async (u: { object_key: string; store_upload_id: string }) => {
    if (u.store_upload_id) await store.abortMultipart(u.object_key, u.store_upload_id);
  };
  shots.beforeDiscard.add(async (shot) => {
    for (const u of await endUnfinishedUploadsOfShots(db, [shot.id])) await abortStaged(u);
  });
  films.beforeRemove.add(async ({ film, tx }) => {
    for (const u of await endUnfinishedUploadsOfShots(tx, await shots.idsOfFilm(film.id, tx))) await abortStaged(u);
  });

  /** Joins the parts once the last one has arrived; exactly one request wins the completion. */
  async function complete(uploadId: string) {
    const upload = await finishUpload(db, uploadId);
    if (!upload) return;
    const parts = await listParts(db, uploadId);
    try {
      const stored = await store.completeMultipart(
        upload.object_key,
        upload.store_upload_id,
        parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })),
      );
      await shots.change(upload.shot_id, { state: "pending", size: stored.size, claimed_at: null, attempts: 0 });
      processor.poke();
    } catch (err) {
      await shots.failUpload(upload.shot_id, "upload-incomplete");
      throw err;
    }
  }

  /**
   * Refuses a chunk whose upload ended while it arrived: cancelled (its shot deleted or replaced by a new start) is a
   * 404, finished is a 409. An upload still open lets the caller's own error stand.
   */
  async function assertStillOpen(userId: string, uploadId: string) {
    const now = await findUpload(db, userId, uploadId);
    if (!now) throw notFound();
    if (now.completed_at) throw new AppError("upload-finished");
  }

  /** What the server holds of an upload, with its shot's roll and index. */
  async function statusOf(upload: Selectable<UploadsTable>): Promise<UploadStatus | null> {
    const shot = await shots.findById(upload.shot_id);
    if (!shot) return null;
    const received = (await listParts(db, upload.id)).map((p) => p.part_number);
    const all = Array.from({ length: upload.part_count }, (_, i) => i + 1);
    return {
      upload_id: upload.id,
      film_id: shot.film_id,
      index: shot.index,
      file_name: shot.file_name,
      content_type: upload.content_type,
      content_length: Number(upload.content_length),
      max_upload_size: upload.part_size,
      urls: urlsOf(upload.id, upload.part_count),
      received,
      missing: upload.completed_at ? [] : all.filter((n) => !received.includes(n)),
      complete: upload.completed_at !== null,
    };
  }

  return {
    /**
     * Starts the upload of one scan at a shot index: checks the roll, the index, the size and the space left
     * before any byte is sent, and answers the chunk size and one URL per chunk.
     */
    async begin(userId: string, filmId: string, index: number, req: { content_type: string; content_length: number; file_name?: string }) {
      const film = await films.load(userId, filmId);
      if (!Number.isInteger(index) || index < 1 || index > MAX_SHOTS_PER_ROLL[film.format as keyof typeof MAX_SHOTS_PER_ROLL]) {
        throw new AppError("too-many-images");
      }
      if (req.content_length > maxShotBytes) {
        throw new AppError("file-too-large", `The file is larger than the allowed upload size of ${maxShotBytes} bytes`);
      }
      const existing = await shots.findByIndex(userId, filmId, index);
      const room = req.content_length - Number(existing?.size ?? 0);
      // Refused before anything is touched; checked again under the plan's lock with the new shot's insert.
      await entitlements.assertRoom(db, userId, "storage", room);
      if (existing) await shots.replace(existing);

      const shotId = randomUUID();
      const objectKey = `films/${filmId}/shots/${shotId}/original`;
      const now = new Date();
      /** Why a start lost to a concurrent change: the roll is gone (404), or another start holds the index (409). */
      const lost = async () => {
        await films.load(userId, filmId);
        return new AppError("upload-in-progress");
      };
      const partCount = Math.max(1, Math.ceil(req.content_length / PART_SIZE));
      // The shot and its upload row are recorded together, before the store's upload exists: whoever ends the shot's
      // upload meanwhile (a new start at the index, the shot or roll deleted) finds the row, and this start then
      // finds it gone and aborts what it created. No staging object is left that no row points to.
      const { shot, upload } = await db
        .transaction()
        .execute(async (tx) => {
          await entitlements.assertRoom(tx, userId, "storage", req.content_length);
          const shot = await shots.create(tx, {
            id: shotId,
            film_id: filmId,
            user_id: userId,
            index,
            state: "uploading",
            object_key: objectKey,
            file_name: req.file_name ?? null,
            // A NOSSAFLEX-style name (NO03_SS250_A8_FL80_EX0.jpg) says how the frame was exposed (issue 28).
            ...exposureFromFileName(req.file_name),
            content_type: req.content_type,
            size: req.content_length,
            created_at: now,
            updated_at: now,
          });
          const upload = await insertUpload(tx, {
            shot_id: shotId,
            user_id: userId,
            object_key: objectKey,
            store_upload_id: "",
            content_type: req.content_type,
            content_length: req.content_length,
            part_size: PART_SIZE,
            part_count: partCount,
            created_at: now,
          });
          return { shot, upload };
        })
        .catch(async (err) => {
          if (isUniqueViolation(err) || isForeignKeyViolation(err)) throw await lost();
          throw err;
        });
      const storeUploadId = await store.createMultipart(objectKey, req.content_type, { partSize: PART_SIZE });
      if (!(await attachStoreUpload(db, upload.id, storeUploadId))) {
        await store.abortMultipart(objectKey, storeUploadId);
        throw await lost();
      }
      shots.announce(shot);
      remember({
        id: upload.id,
        user_id: userId,
        shot_id: shotId,
        object_key: objectKey,
        store_upload_id: storeUploadId,
        part_size: PART_SIZE,
        part_count: partCount,
        content_length: req.content_length,
      });
      return {
        upload_id: upload.id,
        max_upload_size: PART_SIZE,
        urls: urlsOf(upload.id, partCount),
      };
    },

    /** What the server already holds of one of the caller's uploads (404 for any other), to send only the rest. */
    async status(userId: string, uploadId: string): Promise<UploadStatus> {
      const upload = await findUpload(db, userId, uploadId);
      const status = upload ? await statusOf(upload) : null;
      if (!status) throw notFound();
      return status;
    },

    /** The unfinished uploads of one of the caller's rolls (404 for any other roll), in the order they began. */
    async unfinishedOfFilm(userId: string, filmId: string): Promise<UploadStatus[]> {
      const film = await films.load(userId, filmId);
      const uploads = await listUnfinishedUploads(db, userId, await shots.idsOfFilm(film.id));
      const statuses = await Promise.all(uploads.map(statusOf));
      return statuses.filter((s): s is UploadStatus => s !== null);
    },

    /** Streams one chunk into the store. Re-sending a chunk replaces it; the last one completes the file. */
    async putPart(userId: string, uploadId: string, partNumber: number, body: Readable, declaredLength: number | undefined) {
      // A part under way is news: a slow chunk is not a stalled upload. A chunk of an upload this instance knows
      // streams while that runs; the check still decides the answer.
      const touching = touchOpenUpload(db, userId, uploadId);
      const cached = known.get(uploadId);
      const checked = async () => {
        const upload = await touching;
        if (upload) {
          remember(upload);
          return upload;
        }
        known.delete(uploadId);
        if (!(await findUpload(db, userId, uploadId))) throw notFound();
        throw new AppError("upload-finished");
      };
      const upload = cached?.user_id === userId ? cached : await checked();
      // Settled before the bytes' fate is known: a refusal is answered whatever the store did with them.
      const open = upload === cached ? checked() : Promise.resolve(upload);
      open.catch(() => undefined);
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > upload.part_count) {
        await open;
        throw new AppError("upload-part-invalid");
      }
      const total = Number(upload.content_length);
      const expected = partNumber < upload.part_count ? upload.part_size : total - upload.part_size * (upload.part_count - 1);
      if (declaredLength !== undefined && declaredLength !== expected) {
        await open;
        throw new AppError("upload-part-invalid", `Part ${partNumber} must be ${expected} bytes, not ${declaredLength}`);
      }
      let source: Readable = body;
      /** The shot's type, recorded while the part streams. */
      let typed: Promise<unknown> = Promise.resolve();
      if (partNumber === 1) {
        // The bytes decide the type, not the client's word: a renamed file is refused before it is stored.
        const peeked = await peekStream(body, IMAGE_SIGNATURE_BYTES);
        const type = imageTypeOf(peeked.head);
        if (!type) {
          peeked.stream.resume();
          await open;
          if (await endUnfinishedUpload(db, upload.id)) {
            await store.abortMultipart(upload.object_key, upload.store_upload_id);
            await shots.failUpload(upload.shot_id, "unsupported-file-type");
          }
          throw new AppError("unsupported-file-type");
        }
        // Once the upload is known open: a cancelled upload's shot is not touched.
        typed = open.then(() => shots.recordType(upload.shot_id, type));
        typed.catch(() => undefined);
        source = peeked.stream;
      }
      // Counted here so a short, long or interrupted chunk is the client's 400, whatever the store says.
      let bytes = 0;
      let tooLong = false;
      const counted = new Transform({
        transform(chunk: Buffer, _enc, done) {
          bytes += chunk.length;
          if (bytes > expected) {
            tooLong = true;
            return done(new Error("part too long"));
          }
          done(null, chunk);
        },
      });
      source.on("error", (err) => counted.destroy(err));
      source.pipe(counted);
      let part: Awaited<ReturnType<ObjectStore["putPart"]>>;
      try {
        part = await store.putPart(upload.object_key, upload.store_upload_id, partNumber, counted, expected);
      } catch (err) {
        // What the store left unread is read and dropped, so the client, still sending, hears the answer.
        source.unpipe(counted);
        source.resume();
        await open;
        await typed.catch(() => undefined);
        // The store may no longer hold an earlier version of the part (written in place): it counts as missing until sent again.
        await forgetPart(db, upload.id, partNumber).catch(() => undefined);
        await assertStillOpen(userId, upload.id);
        if (tooLong || bytes < expected) {
          throw new AppError("upload-part-invalid", `Part ${partNumber} must be ${expected} bytes${tooLong ? "" : `, received ${bytes}`}`);
        }
        throw err;
      }
      await open;
      await typed;
      const received = await recordPart(db, { upload_id: upload.id, part_number: partNumber, etag: part.etag, size: part.size }).catch(
        async (err) => {
          if (isForeignKeyViolation(err)) await assertStillOpen(userId, upload.id);
          throw err;
        },
      );
      if (received === upload.part_count) await complete(upload.id);
      return { part: partNumber, received, parts: upload.part_count, complete: received === upload.part_count };
    },

    /**
     * Fails the shots of uploads without news for the configured time (a closed tab, a lost connection) and drops
     * what was sent of them: nothing stays "uploading" that is not. The user retries at the same shot.
     */
    async failStalled(now = Date.now()) {
      const stalled = await endStalledUploads(db, new Date(now - staleAfterMs));
      for (const u of stalled) {
        await abortStaged(u).catch((err) => log?.warn({ err, upload: u.id }, "could not abort a stalled upload"));
        await shots.failUpload(u.shot_id, "upload-stalled");
      }
      return stalled.length;
    },

    /** Aborts uploads never completed within 24 hours and removes their shots (left over if the stall check did not run). */
    async sweepAbandoned(now = Date.now()) {
      const stale = await listAbandonedUploads(db, new Date(now - ABANDONED_AFTER_MS));
      for (const u of stale) {
        await abortStaged(u);
        await shots.removeIfUploading(u.shot_id);
        await deleteUpload(db, u.id);
      }
      return stale.length;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
