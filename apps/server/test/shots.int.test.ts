import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

/** Starts an upload at shots 1…`count` of a roll (no bytes sent): shots to keep, past the free plan's 36. */
async function startUploads(s: TestServer, token: string, filmId: string, count: number) {
  for (let index = 1; index <= count; index++) {
    const begin = await s.api(`/api/film/shot/${filmId}/${index}/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 1000 },
    });
    expect(begin.status).toBe(200);
  }
}

describe.each(BACKENDS)("shots on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("edits a shot with the user's own gear and keeps it", async () => {
    const token = await photographer(s);
    const { body: camera } = await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Nikon", model: "F3" } } });
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await upload(s, token, film.id, 1, await jpeg(640, 480));
    const res = await s.api(`/api/film//shot/${film.id}`, {
      method: "PUT",
      token,
      body: { index: 1, camera_id: camera.id, scanner: "Epson V600", push_pull: 1, kept: true },
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ camera_id: camera.id, scanner: "Epson V600", push_pull: 1, kept: true });
    const stranger = await s.api(`/api/film//shot/${film.id}`, { method: "PUT", token, body: { index: 1, lens_id: randomUUID() } });
    expect(stranger.status).toBe(400);
    expect((await s.api(`/api/film//shot/${film.id}`, { method: "PUT", token, body: { index: 7, kept: true } })).status).toBe(404);
  });

  it("keeps an already kept shot again at the free plan's limit of 36: only newly kept shots count", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await startUploads(s, token, film.id, 37);
    const keep = (...indexes: number[]) => ({ shots: indexes.map((index) => ({ index, kept: true, scanner: `Scanner ${index}` })) });
    const all = Array.from({ length: 36 }, (_, i) => i + 1);
    expect((await s.api(`/api/film/shot/${film.id}`, { method: "PUT", token, body: keep(...all) })).status).toBe(200);
    const again = await s.api(`/api/film/shot/${film.id}`, { method: "PUT", token, body: keep(36) });
    expect(again.status).toBe(200);
    expect(again.body).toEqual([expect.objectContaining({ index: 36, kept: true, scanner: "Scanner 36" })]);
    expect((await s.api(`/api/film/shot/${film.id}`, { method: "PUT", token, body: keep(1, 37) })).body.error).toBe("too-many-kept");
  });
});

describe("large-format scans and decompression bombs", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer("pglite");
  });
  afterAll(() => s?.close());

  it("makes a preview of a 4x5 inch sheet scanned at 4000 dpi (320 MP)", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, format: "sheet" } });
    const sheet = await readFile(new URL("./fixtures/sheet-4x5-4000dpi.jpg", import.meta.url));
    await upload(s, token, film.id, 1, sheet);
    const done = await waitForShots(s, token, film.id, 1);
    expect(done.shots[0]).toMatchObject({ state: "done", width: 16000, height: 20000 });
    const preview = await sharp(Buffer.from(await (await fetch(`${s.base}${done.shots[0].version.preview_url}`)).arrayBuffer())).metadata();
    expect([preview.width, preview.height]).toEqual([1638, 2048]);
  });

  it("refuses to keep more shots than the free plan's 36, with the spec's text", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await startUploads(s, token, film.id, 37);
    const keep = (from: number, to: number) => ({
      shots: Array.from({ length: to - from + 1 }, (_, i) => ({ index: from + i, kept: true })),
    });
    expect((await s.api(`/api/film/shot/${film.id}`, { method: "PUT", token, body: keep(1, 36) })).status).toBe(200);
    const refused = await s.api(`/api/film/shot/${film.id}`, { method: "PUT", token, body: keep(37, 37) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: "too-many-kept",
      message: "You cannot keep more than the allowed saved photos: deselect others",
    });
  });

  it("refuses an image whose header claims billions of pixels, and says why", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    // Rewrite the IHDR chunk to announce 60000 × 60000 (3.6 GP) and fix its CRC, as a crafted file would.
    png.writeUInt32BE(60000, 16);
    png.writeUInt32BE(60000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    await upload(s, token, film.id, 1, png, "image/png");
    const done = await waitForShots(s, token, film.id, 1);
    expect(done.shots[0]).toMatchObject({ state: "error", error_message: "The image is larger than 700 megapixels" });
  });
});
