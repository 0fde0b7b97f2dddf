import type { Readable } from "node:stream";

export interface StoredObject {
  size: number;
  contentType: string;
}

/** Where files live: the filesystem by default, S3-compatible storage in production. Keys are `a/b/c` paths. */
export interface ObjectStore {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObject>;
  /** A stream of the object's bytes, or null when it does not exist. */
  get(key: string): Promise<{ body: Readable; info: StoredObject } | null>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-zA-Z0-9][a-zA-Z0-9._-]*(\/[a-zA-Z0-9][a-zA-Z0-9._-]*)*$/;

/** Keys are built by the server, never taken raw from a client; this guards against a mistake. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Invalid object key: ${key}`);
}
