import { randomUUID } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import { MAX_SHOTS_PER_ROLL } from "@latent/domain/film-config";
import { planOf } from "@latent/domain/plans";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { peekStream } from "../../platform/http/peek-stream.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotProcessor } from "../shots/shot-processing.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { deleteShotRow, findShotByIndex, storageUsed, updateShotRow } from "../shots/shots.store.ts";
import { findUser } from "../users/users.store.ts";
import { sniffImageType } from "./sniff-image-type.ts";

/** Chunk size handed to clients: large enough for S3's 5 MiB part minimum, small enough to retry cheaply. */
export const PART_SIZE = 16 * 1024 * 1024;
const ABANDONED_AFTER_MS = 24 * 3600 * 1000;
const SNIFF_BYTES = 4100;

export interface UploadsDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  films: FilmsService;
  shots: ShotsService;
  processor: ShotProcessor;
  maxShotBytes: number;
}

export function createUploadsService({ db, store, films, shots, processor, maxShotBytes }: UploadsDeps) {
  const fail = async (shotId: string, message: string) => {
    const row = await updateShotRow(db, shotId, { state: "error", error_message: message });
    if (row) shots.announce(row);
  };

  /** Joins the parts once the last one has arrived; exactly one request wins the completion. */
  async function complete(uploadId: string) {
    const upload = await db
      .updateTable("uploads")
      .set({ completed_at: new Date() })
      .where("id", "=", uploadId)
      .where("completed_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!upload) return;
    const parts = await db
      .selectFrom("upload_parts")
      .select(["part_number", "etag"])
      .where("upload_id", "=", uploadId)
      .orderBy("part_number")
      .execute();
    try {
      const stored = await store.completeMultipart(
        upload.object_key,
        upload.store_upload_id,
        parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })),
      );
      const row = await updateShotRow(db, upload.shot_id, { state: "pending", size: stored.size, claimed_at: null, attempts: 0 });
      if (row) shots.announce(row);
      processor.poke();
    } catch (err) {
      await fail(upload.shot_id, "The upload could not be completed");
      throw err;
    }
  }

  return {
    /**
     * Starts the upload of one scan at a shot index: checks the roll, the index, the size and the space left
     * before any byte is sent, and answers the chunk size and one URL per chunk.
     */
    async begin(userId: string, filmId: string, index: number, req: { content_type: string; content_length: number; file_name?: string }) {
      const film = await films.load(userId, filmId);
      if (!Number.isInteger(index) || index < 1 || index > MAX_SHOTS_PER_ROLL[film.format as keyof typeof MAX_SHOTS_PER_ROLL]) {
        throw new AppError(400, "too-many-images");
      }
      if (req.content_length > maxShotBytes) {
        throw new AppError(400, "file-too-large", `The file is larger than the allowed upload size of ${maxShotBytes} bytes`);
      }
      const existing = await findShotByIndex(db, userId, filmId, index);
      const user = await findUser(db, userId);
      const limit = planOf(user?.plan).maxStorageBytes;
      const used = (await storageUsed(db, userId)) - Number(existing?.size ?? 0);
      if (limit !== null && used + req.content_length > limit) throw new AppError(400, "not-enough-space");

      if (existing) {
        await shots.discard(existing);
        await deleteShotRow(db, existing.id);
      }
      const shotId = randomUUID();
      const objectKey = `films/${filmId}/shots/${shotId}/original`;
      const storeUploadId = await store.createMultipart(objectKey, req.content_type);
      const partCount = Math.max(1, Math.ceil(req.content_length / PART_SIZE));
      const now = new Date();
      const upload = await db.transaction().execute(async (tx) => {
        const shot = await tx
          .insertInto("shots")
          .values({
            id: shotId,
            film_id: filmId,
            user_id: userId,
            index,
            state: "uploading",
            object_key: objectKey,
            file_name: req.file_name ?? null,
            content_type: req.content_type,
            size: req.content_length,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const created = await tx
          .insertInto("uploads")
          .values({
            shot_id: shotId,
            user_id: userId,
            object_key: objectKey,
            store_upload_id: storeUploadId,
            content_type: req.content_type,
            content_length: req.content_length,
            part_size: PART_SIZE,
            part_count: partCount,
            created_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return { id: created.id, shot };
      });
      shots.announce(upload.shot);
      return {
        upload_id: upload.id,
        max_upload_size: PART_SIZE,
        urls: Array.from({ length: partCount }, (_, i) => `/api/uploads/${upload.id}/${i + 1}`),
      };
    },

    /** Streams one chunk into the store. Re-sending a chunk replaces it; the last one completes the file. */
    async putPart(userId: string, uploadId: string, partNumber: number, body: Readable, declaredLength: number | undefined) {
      const upload = /^[0-9a-f-]{36}$/i.test(uploadId)
        ? await db.selectFrom("uploads").selectAll().where("id", "=", uploadId).where("user_id", "=", userId).executeTakeFirst()
        : undefined;
      if (!upload) throw notFound();
      if (upload.completed_at) throw new AppError(409, "upload-finished");
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > upload.part_count) throw new AppError(400, "upload-part-invalid");
      const total = Number(upload.content_length);
      const expected = partNumber < upload.part_count ? upload.part_size : total - upload.part_size * (upload.part_count - 1);
      if (declaredLength !== undefined && declaredLength !== expected) {
        throw new AppError(400, "upload-part-invalid", `Part ${partNumber} must be ${expected} bytes, not ${declaredLength}`);
      }
      let source: Readable = body;
      if (partNumber === 1) {
        // The bytes decide the type, not the client's word: a renamed file is refused before it is stored.
        const peeked = await peekStream(body, SNIFF_BYTES);
        const type = await sniffImageType(peeked.head);
        if (!type) {
          peeked.stream.resume();
          await store.abortMultipart(upload.object_key, upload.store_upload_id);
          await db.updateTable("uploads").set({ completed_at: new Date() }).where("id", "=", upload.id).execute();
          await fail(upload.shot_id, "The file is not a supported image (JPEG, TIFF, PNG or WebP)");
          throw new AppError(415, "unsupported-file-type");
        }
        await updateShotRow(db, upload.shot_id, { content_type: type });
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
        if (tooLong || bytes < expected) {
          throw new AppError(
            400,
            "upload-part-invalid",
            `Part ${partNumber} must be ${expected} bytes${tooLong ? "" : `, received ${bytes}`}`,
          );
        }
        throw err;
      }
      await db
        .insertInto("upload_parts")
        .values({ upload_id: upload.id, part_number: partNumber, etag: part.etag, size: part.size })
        .onConflict((oc) => oc.columns(["upload_id", "part_number"]).doUpdateSet({ etag: part.etag, size: part.size }))
        .execute();
      const { n } = await db
        .selectFrom("upload_parts")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("upload_id", "=", upload.id)
        .executeTakeFirstOrThrow();
      const received = Number(n);
      if (received === upload.part_count) await complete(upload.id);
      return { part: partNumber, received, parts: upload.part_count, complete: received === upload.part_count };
    },

    /** Aborts uploads never completed within 24 hours and removes their shots. */
    async sweepAbandoned(now = Date.now()) {
      const stale = await db
        .selectFrom("uploads")
        .select(["id", "shot_id", "object_key", "store_upload_id"])
        .where("completed_at", "is", null)
        .where("created_at", "<", new Date(now - ABANDONED_AFTER_MS))
        .execute();
      for (const u of stale) {
        await store.abortMultipart(u.object_key, u.store_upload_id);
        await db.deleteFrom("shots").where("id", "=", u.shot_id).where("state", "=", "uploading").execute();
        await db.deleteFrom("uploads").where("id", "=", u.id).execute();
      }
      return stale.length;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
