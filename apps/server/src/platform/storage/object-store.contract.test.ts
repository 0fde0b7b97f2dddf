import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3rver } from "../../../test/s3rver.ts";
import { createFsStore, MIN_PART_SIZE } from "./fs-store.ts";
import type { ObjectStore } from "./object-store.ts";
import { createS3Store } from "./s3-store.ts";

const MiB = 1024 * 1024;
// The SDK warns on the console when a streamed part fails, which two tests here do on purpose.
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

interface Adapter {
  name: string;
  /** s3rver checks neither part ETags nor the 5 MiB minimum (DESIGN §8): those rules are only observable on fs here. */
  checksParts: boolean;
  start(): Promise<{ store: ObjectStore; stop(): Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: "filesystem",
    checksParts: true,
    async start() {
      const root = await mkdtemp(join(tmpdir(), "latent-fs-store-"));
      return { store: createFsStore(root), stop: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: "S3 (s3rver on loopback)",
    checksParts: false,
    async start() {
      const s3 = await startS3rver();
      const store = createS3Store({
        bucket: s3.bucket,
        region: "eu-central-1",
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: s3.credentials,
        logger: quiet,
      });
      return { store, stop: s3.stop };
    },
  },
];

describe.each(adapters)("the $name object store", (adapter) => {
  let store: ObjectStore;
  let stop: () => Promise<void>;
  // Three parts at S3's minimum size, shared by the multipart tests.
  const big = [randomBytes(MIN_PART_SIZE), randomBytes(MIN_PART_SIZE), randomBytes(MIN_PART_SIZE)];
  const tail = randomBytes(1234);

  beforeAll(async () => {
    ({ store, stop } = await adapter.start());
  });
  afterAll(async () => {
    await stop?.();
  });

  it("gives back the bytes and content type it was given, then forgets them on delete", async () => {
    const key = keyIn("roundtrip");
    const bytes = randomBytes(300_000);
    expect(await store.put(key, bytes, "image/jpeg")).toEqual({ size: bytes.length, contentType: "image/jpeg" });
    expect(await store.head(key)).toEqual({ size: bytes.length, contentType: "image/jpeg" });
    const found = await store.get(key);
    expect(found?.info).toEqual({ size: bytes.length, contentType: "image/jpeg" });
    expect(await readAll(found!.body)).toEqual(bytes);

    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();
  });

  it("stores a stream larger than one upload part byte for byte", async () => {
    const key = keyIn("stream");
    const bytes = randomBytes(9 * MiB + 17);
    expect(await store.put(key, streamOf(bytes), "image/tiff")).toEqual({ size: bytes.length, contentType: "image/tiff" });
    const found = await store.get(key);
    expect(await sha256(found!.body)).toBe(sha256Of(bytes));
  });

  it("answers null for a missing key and for a key that is only the folder of others", async () => {
    const folder = keyIn("folder");
    await store.put(`${folder}/inside`, Buffer.from("x"), "text/plain");
    for (const key of [keyIn("missing"), folder]) {
      expect(await store.head(key)).toBeNull();
      expect(await store.get(key)).toBeNull();
      expect(await store.getRange(key, 0, 1)).toBeNull();
    }
  });

  it("reads a range of an object: its start, its middle, and its end cut short", async () => {
    const key = keyIn("range");
    const bytes = randomBytes(200_000);
    await store.put(key, bytes, "image/tiff");
    expect(await store.getRange(key, 0, 8)).toEqual(bytes.subarray(0, 8));
    expect(await store.getRange(key, 123_457, 65_536)).toEqual(bytes.subarray(123_457, 123_457 + 65_536));
    expect(await store.getRange(key, 199_990, 10)).toEqual(bytes.subarray(199_990));
  });

  it("deletes a missing key without complaint", async () => {
    await expect(store.delete(keyIn("never-stored"))).resolves.toBeUndefined();
  });

  it("deletes everything under a prefix and nothing beside it", async () => {
    const base = keyIn("prefix");
    const inside = [`${base}/a/1.jpg`, `${base}/a/2.jpg`, `${base}/a/deep/3.jpg`];
    const beside = [`${base}/ab/1.jpg`, `${base}/a.jpg`, `${base}/b/1.jpg`];
    for (const key of [...inside, ...beside]) await store.put(key, Buffer.from(key), "image/jpeg");

    await store.deletePrefix(`${base}/a/`);
    for (const key of inside) expect(await store.head(key)).toBeNull();
    for (const key of beside) expect(await store.head(key)).toEqual({ size: Buffer.byteLength(key), contentType: "image/jpeg" });
  });

  it("joins three 5 MiB parts and a small last part into a byte-identical object", async () => {
    const key = keyIn("multipart");
    const uploadId = await store.createMultipart(key, "image/tiff");
    const bodies = [...big, tail];
    // Parts travel concurrently, as they do from the web client.
    const parts = await Promise.all(bodies.map((bytes, i) => store.putPart(key, uploadId, i + 1, streamOf(bytes), bytes.length)));
    expect(parts.map((p) => [p.partNumber, p.size])).toEqual(bodies.map((b, i) => [i + 1, b.length]));

    const size = bodies.reduce((sum, b) => sum + b.length, 0);
    expect(await store.completeMultipart(key, uploadId, parts)).toEqual({ size, contentType: "image/tiff" });
    const found = await store.get(key);
    expect(found?.info).toEqual({ size, contentType: "image/tiff" });
    expect(await sha256(found!.body)).toBe(sha256Of(Buffer.concat(bodies)));
  });

  it("assembles parts in part-number order whatever order they arrive and are listed in", async () => {
    const key = keyIn("shuffled");
    const uploadId = await store.createMultipart(key, "image/jpeg");
    const three = await store.putPart(key, uploadId, 3, streamOf(tail), tail.length);
    const one = await store.putPart(key, uploadId, 1, streamOf(big[0]!), big[0]!.length);
    const two = await store.putPart(key, uploadId, 2, streamOf(big[1]!), big[1]!.length);

    await store.completeMultipart(key, uploadId, [two, three, one]);
    const found = await store.get(key);
    expect(await sha256(found!.body)).toBe(sha256Of(Buffer.concat([big[0]!, big[1]!, tail])));
  });

  it("keeps the second version of a part that is sent twice before completion", async () => {
    const key = keyIn("resent");
    const uploadId = await store.createMultipart(key, "image/jpeg");
    const first = await store.putPart(key, uploadId, 1, streamOf(Buffer.from("first version")), 13);
    const second = await store.putPart(key, uploadId, 1, streamOf(Buffer.from("second version!")), 15);
    expect(second.etag).not.toBe(first.etag);

    expect(await store.completeMultipart(key, uploadId, [second])).toEqual({ size: 15, contentType: "image/jpeg" });
    const found = await store.get(key);
    expect((await readAll(found!.body)).toString()).toBe("second version!");
  });

  it("leaves no object behind when an upload is aborted, and aborts an unknown upload quietly", async () => {
    const key = keyIn("aborted");
    const uploadId = await store.createMultipart(key, "image/jpeg");
    await store.putPart(key, uploadId, 1, streamOf(tail), tail.length);

    await store.abortMultipart(key, uploadId);
    expect(await store.get(key)).toBeNull();
    expect(await store.head(key)).toBeNull();
    await expect(store.abortMultipart(key, uploadId)).resolves.toBeUndefined();
  });

  it.runIf(adapter.checksParts)("refuses to complete with an ETag that is not the part's (fs only: s3rver checks no ETags)", async () => {
    const key = keyIn("wrong-etag");
    const uploadId = await store.createMultipart(key, "image/jpeg");
    const part = await store.putPart(key, uploadId, 1, streamOf(tail), tail.length);

    await expect(store.completeMultipart(key, uploadId, [{ partNumber: 1, etag: "0".repeat(32) }])).rejects.toThrow(
      `Part 1 of upload ${uploadId} has ETag ${part.etag}`,
    );
    await expect(store.completeMultipart(key, uploadId, [part, { partNumber: 2, etag: part.etag }])).rejects.toThrow("Part 2 of upload");
    expect(await store.head(key)).toBeNull();
    // The upload survives a refused completion, as on S3.
    expect(await store.completeMultipart(key, uploadId, [part])).toEqual({ size: tail.length, contentType: "image/jpeg" });
  });

  it.runIf(adapter.checksParts)("refuses a part smaller than 5 MiB anywhere but last, as S3 does (fs only: s3rver allows it)", async () => {
    const key = keyIn("small-part");
    const uploadId = await store.createMultipart(key, "image/jpeg");
    const parts = [
      await store.putPart(key, uploadId, 1, streamOf(tail), tail.length),
      await store.putPart(key, uploadId, 2, streamOf(tail)),
    ];

    await expect(store.completeMultipart(key, uploadId, parts)).rejects.toThrow("every part but the last needs at least");
  });

  it("refuses a part longer or shorter than its announced size, and takes the part when it is sent again whole", async () => {
    const key = keyIn("wrong-size");
    const uploadId = await store.createMultipart(key, "image/jpeg");

    await expect(store.putPart(key, uploadId, 1, streamOf(tail), tail.length + 1)).rejects.toThrow("announced");
    await expect(store.putPart(key, uploadId, 1, streamOf(tail), tail.length - 1)).rejects.toThrow("announced");
    const part = await store.putPart(key, uploadId, 1, streamOf(tail), tail.length);
    await store.completeMultipart(key, uploadId, [part]);
    expect(await readAll((await store.get(key))!.body)).toEqual(tail);
  });

  it("fails a part whose body breaks off midway with the body's error, and takes the part when it is sent again", async () => {
    const key = keyIn("broken-part");
    const uploadId = await store.createMultipart(key, "image/jpeg");
    const broken = new Readable({ read() {} });
    broken.push(big[0]!.subarray(0, 100_000));
    setTimeout(() => broken.destroy(new Error("the client went away")), 50);

    await expect(store.putPart(key, uploadId, 1, broken, big[0]!.length)).rejects.toThrow("the client went away");
    const part = await store.putPart(key, uploadId, 1, streamOf(big[0]!), big[0]!.length);
    await store.completeMultipart(key, uploadId, [part]);
    expect(await sha256((await store.get(key))!.body)).toBe(sha256Of(big[0]!));
  });
});

describe("the filesystem object store's staging", () => {
  let root: string;
  let store: ObjectStore;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "latent-fs-store-"));
    store = createFsStore(root);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("never builds a path from an upload id that is not a UUID", async () => {
    await expect(store.putPart("a/b", "../../etc", 1, streamOf(Buffer.from("x")), 1)).rejects.toThrow("Invalid multipart upload id");
    await expect(store.abortMultipart("a/b", "../x")).rejects.toThrow("Invalid multipart upload id");
  });

  it("refuses a part for an upload started under another key", async () => {
    const uploadId = await store.createMultipart("a/mine", "text/plain");
    await expect(store.putPart("a/theirs", uploadId, 1, streamOf(Buffer.from("x")), 1)).rejects.toThrow("belongs to another key");
  });

  it("leaves no staging folder behind after an upload completes or is aborted", async () => {
    const done = await store.createMultipart("a/done", "text/plain");
    const part = await store.putPart("a/done", done, 1, streamOf(Buffer.from("hello")), 5);
    await store.completeMultipart("a/done", done, [part]);
    const dropped = await store.createMultipart("a/dropped", "text/plain");
    await store.putPart("a/dropped", dropped, 1, streamOf(Buffer.from("bye")), 3);
    await store.abortMultipart("a/dropped", dropped);

    for (const id of [done, dropped]) await expect(stat(join(root, ".uploads", id))).rejects.toThrow("ENOENT");
  });
});

function keyIn(name: string): string {
  return `contract/${name}-${randomUUID()}`;
}

/** The bytes as a stream of 64 KiB chunks, like a request body. */
function streamOf(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    })(),
  );
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function sha256(body: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of body) hash.update(chunk);
  return hash.digest("hex");
}

function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
