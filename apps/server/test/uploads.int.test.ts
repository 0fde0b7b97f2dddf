import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bigTiff, expectSentBytesKept, photographer, putChunk, roll, waitForShots } from "./film-fixtures.ts";
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
    expectSentBytesKept(original, tiff);
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

  it("refuses a PDF and a GIF announced as JPEG with 415 when their first bytes arrive, keeping neither", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const files = [
      Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n".padEnd(1000, " "), "latin1"),
      Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), Buffer.alloc(987, 0x2c)]),
    ];
    for (const [i, bytes] of files.entries()) {
      const begin = await s.api(`/api/film/shot/${film.id}/${i + 1}/upload`, {
        method: "POST",
        token,
        body: { content_type: "image/jpeg", content_length: bytes.length },
      });
      expect(begin.status).toBe(200);
      const res = await putChunk(s, begin.body.urls[0], token, bytes);
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({
        error: "unsupported-file-type",
        message: "The file is not a supported image (JPEG, TIFF, PNG or WebP)",
      });
    }
    const { shots } = (await s.api(`/api/film/${film.id}`, { token })).body;
    expect(shots.map((x: { index: number; state: string }) => [x.index, x.state])).toEqual([
      [1, "error"],
      [2, "error"],
    ]);
    const kept = (await readdir(s.storeRoot, { recursive: true }).catch(() => [])).filter((p) => p.includes(film.id));
    expect(kept).toEqual([]);
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
    // A file of exactly the largest size allowed (200 MiB by default) is taken.
    const exact = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 209_715_200 },
    });
    expect(exact.status).toBe(200);
    expect(exact.body.urls).toHaveLength(Math.ceil(209_715_200 / exact.body.max_upload_size));
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
    // Objects live under the roll's prefix; unfinished parts in the store's staging folder (fs: .uploads/, s3rver:
    // ._S3rver_uploads/). Only this test's own count: its roll's files, and staged files that were not there before it.
    const storeFiles = async () => {
      const files: string[] = [];
      for (const p of await readdir(s.storeRoot, { recursive: true }).catch(() => [])) {
        // A file may go while the folder is read (a part completing): it is then not there.
        const info = await stat(join(s.storeRoot, p)).catch(() => null);
        if (info?.isFile()) files.push(p);
      }
      return files;
    };
    const staged = (p: string) => /(^|\/)\.(_S3rver_)?uploads\/./.test(p);
    const before = new Set(await storeFiles());
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const tiff = await bigTiff();
    const begin = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length },
    });
    await putChunk(s, begin.body.urls[0], token, tiff.subarray(0, begin.body.max_upload_size));
    const during = await storeFiles();
    expect(during.filter((p) => staged(p) && !before.has(p)).length).toBeGreaterThan(0);
    expect((await s.api(`/api/film/shot/${film.id}/1`, { method: "DELETE", token })).status).toBe(204);
    expect((await s.api(`/api/film/${film.id}`, { token })).body.shots).toEqual([]);
    const leftovers = (await storeFiles()).filter((p) => p.includes(film.id) || (staged(p) && !before.has(p)));
    expect(leftovers).toEqual([]);

    const again = await s.api(`/api/film/shot/${film.id}/2/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length },
    });
    expect((await putChunk(s, again.body.urls[0], token, tiff.subarray(0, again.body.max_upload_size))).body).toMatchObject({
      received: 1,
    });
    // An upload a day old less an hour is not abandoned: nothing is removed, and it goes on where it was.
    expect(await s.latent.uploads.sweepAbandoned(Date.now() + 23 * 3600_000)).toBe(0);
    expect((await s.api(`/api/uploads/${again.body.upload_id}`, { token })).body).toMatchObject({ received: [1], missing: [2] });
    expect((await s.api(`/api/film/${film.id}`, { token })).body.shots).toHaveLength(1);
    expect(await s.latent.uploads.sweepAbandoned(Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect((await s.api(`/api/film/${film.id}`, { token })).body.shots).toEqual([]);
    expect((await putChunk(s, again.body.urls[1], token, tiff.subarray(again.body.max_upload_size))).status).toBe(404);
  });
});
