import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { assertKey, type ObjectStore, type StoredObject, type UploadedPart } from "./object-store.ts";

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL; AWS's own endpoint for the region when absent. */
  endpoint?: string;
  /** `bucket` in the path instead of the host name (most S3-compatible services need it). */
  forcePathStyle?: boolean;
  /** Static credentials; the SDK's default chain (environment, profile, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** A ready client (tests); it must be built with the checksum settings below. */
  client?: S3Client;
  /** Where the SDK's own warnings go (the console when absent). */
  logger?: {
    debug(...content: unknown[]): void;
    info(...content: unknown[]): void;
    warn(...content: unknown[]): void;
    error(...content: unknown[]): void;
  };
}

/** Size of the parts `put` sends when it gets a stream of unknown length (S3's minimum is 5 MiB). */
const PUT_PART_SIZE = 8 * 1024 * 1024;
const DELETE_PAGE = 1000;

/**
 * Objects in an S3 bucket (AWS or S3-compatible). `put` of a Buffer is one PutObject; `put` of a stream
 * sends it in 8 MiB parts, each held in memory while it travels (S3 needs every request's length up front),
 * so memory stays at one part whatever the object's size. `putPart` streams a part straight through and
 * therefore needs its `size`: without it the part is refused before a byte is read.
 */
export function createS3Store(options: S3StoreOptions): ObjectStore {
  const Bucket = options.bucket;
  const client =
    options.client ??
    new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      logger: options.logger,
      // Otherwise the SDK adds CRC checksums (as trailers) to every upload, which several S3-compatible
      // services reject and which breaks presigned part URLs on S3 itself (DESIGN §2).
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A stalled S3 connection (or a stalled client whose part we relay) must not hold a socket forever.
      requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
    });

  /** An error that names the operation, bucket and key, and keeps the SDK's error as its cause (no credentials in either). */
  function failed(operation: string, target: string, err: unknown): Error {
    const { name, message, status } = sdkError(err);
    return new Error(`S3 ${operation} of ${Bucket}/${target} failed: ${name}${status ? ` (HTTP ${status})` : ""}: ${message}`, {
      cause: err,
    });
  }

  async function call<T>(operation: string, target: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw failed(operation, target, err);
    }
  }

  async function head(key: string): Promise<StoredObject | null> {
    assertKey(key);
    try {
      const found = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: found.ContentLength ?? 0, contentType: found.ContentType ?? "application/octet-stream" };
    } catch (err) {
      // A HEAD answer has no body, so a missing key shows only as a 404.
      if (sdkError(err).status === 404) return null;
      throw failed("HeadObject", key, err);
    }
  }

  async function createMultipart(key: string, contentType: string): Promise<string> {
    assertKey(key);
    const started = await call("CreateMultipartUpload", key, () =>
      client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType })),
    );
    if (!started.UploadId) throw new Error(`S3 CreateMultipartUpload of ${Bucket}/${key} answered without an upload id`);
    return started.UploadId;
  }

  async function sendPart(key: string, uploadId: string, partNumber: number, body: Buffer | Readable, size: number): Promise<UploadedPart> {
    const command = (Body: Buffer | Readable) =>
      new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body, ContentLength: size });
    if (Buffer.isBuffer(body)) return uploaded(await call(`UploadPart ${partNumber}`, key, () => client.send(command(body))));

    // The SDK pipes a stream body without listening for its errors: a client that goes away mid-part would crash
    // the process, and a body shorter than `size` would leave the request waiting. Relay it through a counter
    // that turns both into an aborted request and a clear error.
    let counted = 0;
    let bodyFailure: Error | undefined;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        counted += chunk.length;
        done(counted > size ? new Error(`Part ${partNumber} of ${key} has more than the ${size} bytes announced`) : null, chunk);
      },
      flush(done) {
        done(counted < size ? new Error(`Part ${partNumber} of ${key} has ${counted} bytes, ${size} were announced`) : null);
      },
    });
    const aborter = new AbortController();
    let answered = false;
    const relayed = pipeline(body, counter).catch((err: Error) => {
      if (answered) return;
      bodyFailure = err;
      aborter.abort(err);
    });
    try {
      return uploaded(await client.send(command(counter), { abortSignal: aborter.signal }));
    } catch (err) {
      // S3 refused before reading the whole part: stop relaying (this also ends the caller's body).
      answered = true;
      counter.destroy();
      await relayed;
      throw bodyFailure ?? failed(`UploadPart ${partNumber}`, key, err);
    }

    function uploaded(sent: { ETag?: string }): UploadedPart {
      if (!sent.ETag) throw new Error(`S3 UploadPart ${partNumber} of ${Bucket}/${key} answered without an ETag`);
      return { partNumber, etag: sent.ETag, size };
    }
  }

  async function completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject> {
    assertKey(key);
    if (parts.length === 0) throw new Error("A multipart upload needs at least one part to complete");
    // S3 wants the list in ascending part-number order.
    const Parts = [...parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
    await call("CompleteMultipartUpload", key, () =>
      client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts } })),
    );
    const stored = await head(key);
    if (!stored) throw new Error(`S3 CompleteMultipartUpload of ${Bucket}/${key} succeeded but the object is not there`);
    return stored;
  }

  async function abortMultipart(key: string, uploadId: string): Promise<void> {
    assertKey(key);
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      if (sdkError(err).name === "NoSuchUpload") return;
      throw failed("AbortMultipartUpload", key, err);
    }
  }

  return {
    async put(key, body, contentType) {
      assertKey(key);
      if (Buffer.isBuffer(body)) {
        await call("PutObject", key, () =>
          client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType })),
        );
        return { size: body.length, contentType };
      }
      const parts = partsOf(body, PUT_PART_SIZE);
      const first = await parts.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      if (firstPart.length < PUT_PART_SIZE) {
        // The whole stream fitted in less than one part: one plain PutObject.
        await call("PutObject", key, () =>
          client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: firstPart, ContentLength: firstPart.length, ContentType: contentType }),
          ),
        );
        return { size: firstPart.length, contentType };
      }
      const uploadId = await createMultipart(key, contentType);
      try {
        const sent = [await sendPart(key, uploadId, 1, firstPart, firstPart.length)];
        for await (const part of parts) sent.push(await sendPart(key, uploadId, sent.length + 1, part, part.length));
        return await completeMultipart(key, uploadId, sent);
      } catch (err) {
        await abortMultipart(key, uploadId).catch(() => undefined);
        throw err;
      }
    },

    async get(key) {
      assertKey(key);
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(found.Body instanceof Readable)) throw new Error("the SDK returned a body that is not a Node.js stream");
        return {
          body: found.Body,
          info: { size: found.ContentLength ?? 0, contentType: found.ContentType ?? "application/octet-stream" },
        };
      } catch (err) {
        // Only a missing key is "no object": a missing bucket or a refused request must not look like one.
        if (sdkError(err).name === "NoSuchKey") return null;
        throw failed("GetObject", key, err);
      }
    },

    head,

    async getRange(key, offset, length) {
      assertKey(key);
      if (length === 0) return Buffer.alloc(0);
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }));
        return Buffer.from((await found.Body?.transformToByteArray()) ?? []);
      } catch (err) {
        if (sdkError(err).name === "NoSuchKey") return null;
        throw failed("GetObject", key, err);
      }
    },

    async delete(key) {
      assertKey(key);
      // S3 answers 204 for a missing key too.
      await call("DeleteObject", key, () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },

    async deletePrefix(prefix) {
      if (!prefix.endsWith("/")) throw new Error(`Invalid object key prefix (must end with "/"): ${prefix}`);
      assertKey(prefix.slice(0, -1));
      let token: string | undefined;
      do {
        const page = await call("ListObjectsV2", prefix, () =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: DELETE_PAGE })),
        );
        const Objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (Objects.length > 0) {
          const deleted = await call("DeleteObjects", prefix, () =>
            client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })),
          );
          const refused = deleted.Errors?.[0];
          if (refused) {
            throw new Error(
              `S3 DeleteObjects of ${Bucket}/${prefix} failed for ${deleted.Errors?.length} keys, first ${refused.Key}: ${refused.Code} ${refused.Message}`,
            );
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    createMultipart,

    async putPart(key, uploadId, partNumber, body, size) {
      assertKey(key);
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        throw new Error(`Invalid part number ${partNumber} (1 to 10000)`);
      }
      if (size === undefined) {
        throw new Error(
          `S3 UploadPart ${partNumber} of ${Bucket}/${key} needs the part's size: S3 refuses a streamed part of unknown length`,
        );
      }
      return sendPart(key, uploadId, partNumber, body, size);
    },

    completeMultipart,
    abortMultipart,
  };
}

/** An SDK error's name, message and HTTP status, whatever shape it has. */
function sdkError(err: unknown): { name: string; message: string; status: number | undefined } {
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return { name: e?.name ?? "Error", message: e?.message ?? String(err), status: e?.$metadata?.httpStatusCode };
}

/** The stream cut into buffers of exactly `size` bytes, then the remainder (at least one buffer, maybe empty). */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  let yielded = false;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    length += bytes.length;
    while (length >= size) {
      const joined = Buffer.concat(chunks, length);
      yield joined.subarray(0, size);
      yielded = true;
      // Copy the rest, so the part just sent can be freed.
      chunks = length > size ? [Buffer.from(joined.subarray(size))] : [];
      length -= size;
    }
  }
  if (length > 0 || !yielded) yield Buffer.concat(chunks, length);
}
