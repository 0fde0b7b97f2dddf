import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bigTiff, photographer, putChunk, roll, sha, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

describe.each(BACKENDS)("uploads on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("uploads a multi-chunk scan, out of order and with a repeated chunk, byte-identical, then makes its thumbnail", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const tiff = await bigTiff();
    const begin = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length },
    });
    expect(begin.body.urls).toHaveLength(2);
    expect(begin.body.max_upload_size).toBe(16 * 1024 * 1024);
    const size = begin.body.max_upload_size;
    const second = await putChunk(s, begin.body.urls[1], token, tiff.subarray(size));
    expect(second.body).toMatchObject({ complete: false, received: 1 });
    expect((await putChunk(s, begin.body.urls[1], token, tiff.subarray(size))).body.received).toBe(1);
    const first = await putChunk(s, begin.body.urls[0], token, tiff.subarray(0, size));
    expect(first.body).toMatchObject({ complete: true, received: 2 });

    const done = await waitForShots(s, token, film.id, 1);
    const shot = done.shots[0];
    expect(shot).toMatchObject({
      index: 1,
      state: "done",
      width: 2400,
      height: 2400,
      size: tiff.length,
      version: { format: "image/tiff" },
    });
    const original = Buffer.from(await (await fetch(`${s.base}${shot.version.url}`)).arrayBuffer());
    expect(sha(original)).toBe(sha(tiff));
    const thumb = await fetch(`${s.base}${shot.version.thumbnail_url}`);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(480);
    expect(done.cover_url).toBeTruthy();
  });

  it("refuses a chunk of the wrong size, and a file whose bytes are not an image", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const begin = await s.api(`/api/film/shot/${film.id}/2/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 1000 },
    });
    expect((await putChunk(s, begin.body.urls[0], token, Buffer.alloc(999))).status).toBe(400);
    const text = Buffer.from("#!/bin/sh\necho not a photo\n".padEnd(1000, "#"));
    const res = await putChunk(s, begin.body.urls[0], token, text);
    expect(res.status).toBe(415);
    expect(res.body.error).toBe("unsupported-file-type");
    const after = (await s.api(`/api/film/${film.id}`, { token })).body.shots[0];
    expect(after).toMatchObject({ state: "error", error_message: "The file is not a supported image (JPEG, TIFF, PNG or WebP)" });
  });

  it("checks size, index and space before the first byte", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const big = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 209_715_201 },
    });
    expect(big.status).toBe(400);
    expect(big.body.error).toBe("file-too-large");
    const index = await s.api(`/api/film/shot/${film.id}/101/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 10 },
    });
    expect(index.body.error).toBe("too-many-images");
    const type = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "application/pdf", content_length: 10 },
    });
    expect(type.status).toBe(400);
  });

  it("leaves no object behind when an upload is cancelled mid-way, or abandoned for a day", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const tiff = await bigTiff();
    const begin = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length },
    });
    await putChunk(s, begin.body.urls[0], token, tiff.subarray(0, begin.body.max_upload_size));
    expect((await s.api(`/api/film/shot/${film.id}/1`, { method: "DELETE", token })).status).toBe(204);
    expect((await s.api(`/api/film/${film.id}`, { token })).body.shots).toEqual([]);
    // Objects live under the film's prefix; unfinished parts in the store's staging folder (fs: .uploads/, s3rver: ._S3rver_uploads/).
    const files = await readdir(s.storeRoot, { recursive: true }).catch(() => []);
    const leftovers: string[] = [];
    for (const p of files) {
      const staged = /(^|\/)\.(_S3rver_)?uploads\/./.test(p);
      if ((p.includes(film.id) || staged) && (await stat(join(s.storeRoot, p))).isFile()) leftovers.push(p);
    }
    expect(leftovers).toEqual([]);

    const again = await s.api(`/api/film/shot/${film.id}/2/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length },
    });
    expect((await putChunk(s, again.body.urls[0], token, tiff.subarray(0, again.body.max_upload_size))).body).toMatchObject({
      received: 1,
    });
    expect(await s.latent.uploads.sweepAbandoned(Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect((await s.api(`/api/film/${film.id}`, { token })).body.shots).toEqual([]);
    expect((await putChunk(s, again.body.urls[1], token, tiff.subarray(again.body.max_upload_size))).status).toBe(404);
  });
});
