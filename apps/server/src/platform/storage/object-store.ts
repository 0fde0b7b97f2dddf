import type { Readable } from "node:stream";

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

/**
 * Where files live: the filesystem by default, S3-compatible storage in production. Keys are `a/b/c` paths
 * built by the server. Large files arrive as multipart uploads: parts are streamed in (never buffered whole)
 * and joined on completion; a part written twice replaces the first (idempotent retries).
 */
export interface ObjectStore {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObject>;
  /** A stream of the object's bytes, or null when it does not exist. */
  get(key: string): Promise<{ body: Readable; info: StoredObject } | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Deletes one object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end with `/`). */
  deletePrefix(prefix: string): Promise<void>;

  /**
   * Starts a multipart upload and returns its id. `partSize`, when every part but the last will have exactly that
   * size, lets a store that can write at an offset put each part in its place at once (no copy on completion).
   */
  createMultipart(key: string, contentType: string, options?: { partSize?: number }): Promise<string>;
  /** Streams one part (numbers start at 1, at most 10 000). `size` is the exact byte count when known. */
  putPart(key: string, uploadId: string, partNumber: number, body: Readable, size?: number): Promise<UploadedPart>;
  /** Joins the parts in part-number order into the object; the upload id is spent afterwards. */
  completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject>;
  /** Drops an unfinished upload and its parts; aborting an unknown upload is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;

  /** `length` bytes of the object from `offset` (a file's header, a TIFF's directory), or null when it does not exist. */
  getRange(key: string, offset: number, length: number): Promise<Buffer | null>;

  /** A local file holding the object's bytes, when the store keeps objects as files (readers may skip a copy). */
  localPath?(key: string): string;
}

const KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

/** Keys are built by the server, never taken raw from a client; this guards against a mistake. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Invalid object key: ${key}`);
}
