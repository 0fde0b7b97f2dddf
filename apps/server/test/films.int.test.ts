import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiResponse, BACKENDS, startServer, type TestServer } from "./harness.ts";

const roll = {
  name: "Summer in Cadaqués",
  brand: "Kodak",
  model: "Portra 400",
  iso: 400,
  format: "135",
  process: "C-41",
  push_pull: 0,
  month: 7,
  year: 2026,
};

const jpeg = (w: number, h: number, seed = 1) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: (seed * 40) % 255, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
// An uncompressed 2400×2400 TIFF is ~17 MB: more than one 16 MiB chunk.
const bigTiff = () =>
  sharp({ create: { width: 2400, height: 2400, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .tiff({ compression: "none" })
    .toBuffer();
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function photographer(s: TestServer) {
  const token = await s.token();
  await s.api("/api/user/privacy-policy", { method: "POST", token });
  return token;
}

async function putChunk(s: TestServer, url: string, token: string, bytes: Buffer): Promise<ApiResponse> {
  const res = await fetch(`${s.base}${url}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Uploads a file the way the web app does: ask for URLs, send each chunk. */
async function upload(s: TestServer, token: string, filmId: string, index: number, bytes: Buffer, type = "image/jpeg") {
  const begin = await s.api(`/api/film/shot/${filmId}/${index}/upload`, {
    method: "POST",
    token,
    body: { content_type: type, content_length: bytes.length, file_name: `scan-${index}` },
  });
  expect(begin.status).toBe(200);
  const { urls, max_upload_size } = begin.body as { urls: string[]; max_upload_size: number };
  for (const [i, url] of urls.entries()) {
    const res = await putChunk(s, url, token, bytes.subarray(i * max_upload_size, (i + 1) * max_upload_size));
    expect(res.status).toBe(200);
  }
  return begin.body;
}

async function waitForShots(s: TestServer, token: string, filmId: string, count: number) {
  await s.latent.processor.drain();
  for (let i = 0; i < 100; i++) {
    const film = (await s.api(`/api/film/${filmId}`, { token })).body;
    if (film.shots.filter((x: { state: string }) => x.state === "done" || x.state === "error").length >= count) return film;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("shots were not processed");
}

describe.each(BACKENDS)("rolls and scans on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("asks for the privacy policy before the first roll, then registers it with the format's exposures", async () => {
    const token = await s.token();
    const refused = await s.api("/api/film", { method: "POST", token, body: roll });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("privacy-policy-required");
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    const created = await s.api("/api/film/", { method: "POST", token, body: roll });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...roll, n_exp: 36, shot_count: 0, shots: [] });
  });

  it("refuses a fourth roll on the free plan with the spec's text", async () => {
    const token = await photographer(s);
    for (let i = 0; i < 3; i++)
      expect((await s.api("/api/film", { method: "POST", token, body: { ...roll, name: `r${i}` } })).status).toBe(201);
    const fourth = await s.api("/api/film", { method: "POST", token, body: roll });
    expect(fourth.status).toBe(422);
    expect(fourth.body).toEqual({ error: "films-capacity-reached", message: "Maximum films capacity reached" });
    expect((await s.api("/api/user", { token })).body.usage.films).toBe(3);
  });

  it("answers an invalid roll with 422 invalid-new-film and the reason", async () => {
    const token = await photographer(s);
    const bad = await s.api("/api/film", { method: "POST", token, body: { ...roll, format: "35mm" } });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe("invalid-new-film");
    expect(bad.body.message).toContain("format");
    const tooMany = await s.api("/api/film", { method: "POST", token, body: { ...roll, format: "120", n_exp: 60 } });
    expect(tooMany.status).toBe(422);
    const foreignCamera = await s.api("/api/film", { method: "POST", token, body: { ...roll, camera_id: randomUUID() } });
    expect(foreignCamera.status).toBe(422);
    expect((await s.api("/api/film", { token })).body).toEqual([]);
  });

  it("lists rolls newest first and finds them by name, brand or model, format, process and year", async () => {
    const token = await photographer(s);
    await s.api("/api/film", {
      method: "POST",
      token,
      body: { ...roll, name: "Alps", brand: "Ilford", model: "HP5 Plus", process: "B/N", year: 2025 },
    });
    await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Coast", format: "120" } });
    const all = (await s.api("/api/film", { token })).body.map((f: { name: string }) => f.name);
    expect(all).toEqual(["Coast", "Alps"]);
    expect((await s.api("/api/film?search=hp5", { token })).body.map((f: { name: string }) => f.name)).toEqual(["Alps"]);
    expect((await s.api("/api/film?search=kodak%20portra", { token })).body).toHaveLength(1);
    expect((await s.api("/api/film?format=120", { token })).body.map((f: { name: string }) => f.name)).toEqual(["Coast"]);
    expect((await s.api("/api/film?process=B%2FN&year=2025", { token })).body).toHaveLength(1);
    expect((await s.api("/api/film?year=1999", { token })).body).toEqual([]);
  });

  it("edits and deletes a roll, its scans and their files", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await upload(s, token, film.id, 1, await jpeg(300, 300));
    await waitForShots(s, token, film.id, 1);
    const stored = async () => (await readdir(s.storeRoot, { recursive: true })).filter((p) => p.includes(film.id));
    expect((await stored()).length).toBeGreaterThan(0);
    const edited = await s.api(`/api/film/${film.id}`, { method: "PUT", token, body: { push_pull: 2, name: "Pushed" } });
    expect(edited.body).toMatchObject({ push_pull: 2, name: "Pushed", brand: "Kodak" });
    expect((await s.api(`/api/film/${film.id}`, { method: "PUT", token, body: { push_pull: 9 } })).status).toBe(422);
    expect((await s.api(`/api/film/${film.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await s.api(`/api/film/${film.id}`, { token })).status).toBe(404);
    expect(await stored()).toEqual([]);
  });

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

  it("downloads the roll as a zip holding exactly its scans, named after the roll", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const scans = [await jpeg(800, 600, 1), await jpeg(600, 800, 2)];
    await upload(s, token, film.id, 1, scans[0]!);
    await upload(s, token, film.id, 2, scans[1]!);
    await waitForShots(s, token, film.id, 2);
    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    expect(manifest).toMatchObject({ name: "Summer-in-Cadaqués.zip", compression_rate: 0 });
    expect(manifest.files.map((f: { file_name: string }) => f.file_name)).toEqual([
      "Summer-in-Cadaqués-01.jpg",
      "Summer-in-Cadaqués-02.jpg",
    ]);
    const zipRes = await fetch(`${s.base}${manifest.zip_url}`);
    expect(zipRes.status).toBe(200);
    const zip = Buffer.from(await zipRes.arrayBuffer());
    expect(Number(zipRes.headers.get("content-length"))).toBe(zip.length);
    expect(zip.length).toBe(manifest.size);
    const path = join(tmpdir(), `${randomUUID()}.zip`);
    await writeFile(path, zip);
    const listing = JSON.parse(
      execFileSync("python3", [
        "-c",
        "import sys,zipfile,json,hashlib;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(json.dumps([[i.filename,hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))",
        path,
      ]).toString(),
    );
    expect(listing).toEqual([
      ["Summer-in-Cadaqués-01.jpg", sha(scans[0]!)],
      ["Summer-in-Cadaqués-02.jpg", sha(scans[1]!)],
    ]);
    expect((await fetch(`${s.base}${manifest.zip_url.replace(/signature=[^&]+/, "signature=forged")}`)).status).toBe(404);
  });

  it("shares a roll with anyone holding the code until it expires", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await upload(s, token, film.id, 1, await jpeg(500, 500));
    await waitForShots(s, token, film.id, 1);
    const share = await s.api(`/api/film/${film.id}/share?expiration=5`, { method: "POST", token });
    expect(share.status).toBe(200);
    expect(share.body.code.length).toBeGreaterThanOrEqual(43);
    const shared = await s.api("/api/public/film", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id: film.id, brand: "Kodak", shots: [{ index: 1, state: "done" }] });
    const expires = Number(new URL(shared.body.shots[0].version.url, s.base).searchParams.get("expires"));
    expect(expires * 1000).toBeLessThanOrEqual(Date.parse(share.body.expires_at) + 1000);
    const manifest = await s.api("/api/public/film/download", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(manifest.body.files).toHaveLength(1);

    expect((await s.api("/api/public/film", { headers: { authorization: "Bearer not-a-code" } })).status).toBe(401);
    expect((await s.api("/api/public/film")).status).toBe(401);
    await s.latent.db
      .updateTable("share_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("film_id", "=", film.id)
      .execute();
    const expired = await s.api("/api/public/film", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "share-expired", message: "The link has expired" });
  });

  it("announces shot states on the film's realtime feed, to a holder of a single-use ticket", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const { body: ticket } = await s.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token });
    const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${ticket.ticket}`);
    const events: { type: string; state?: string }[] = [];
    ws.onmessage = (m) => events.push(JSON.parse(String(m.data)));
    await new Promise((resolve, reject) => {
      ws.onopen = resolve;
      ws.onerror = reject;
    });
    await upload(s, token, film.id, 1, await jpeg(300, 200));
    await waitForShots(s, token, film.id, 1);
    for (let i = 0; i < 50 && !events.some((e) => e.state === "done"); i++) await new Promise((r) => setTimeout(r, 50));
    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    await (await fetch(`${s.base}${manifest.zip_url}`)).arrayBuffer();
    for (let i = 0; i < 50 && !events.some((e) => e.type === "download"); i++) await new Promise((r) => setTimeout(r, 50));
    ws.close();
    expect(events.filter((e) => e.type === "download")).toEqual([
      { type: "download", film_id: film.id, progress: 100, file_name: "Summer-in-Cadaqués-01.jpg", finished: true },
    ]);
    expect(events[0]).toMatchObject({ type: "connected" });
    expect(events.filter((e) => e.type === "shot").map((e) => e.state)).toEqual(["uploading", "pending", "done"]);
    const reused = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${ticket.ticket}`);
    const outcome = await new Promise((resolve) => {
      reused.onopen = () => resolve("open");
      reused.onerror = () => resolve("refused");
    });
    expect(outcome).toBe("refused");
  });

  it("answers 404 to another user on every roll and shot route", async () => {
    const owner = await photographer(s);
    const intruder = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token: owner, body: roll });
    await upload(s, owner, film.id, 1, await jpeg(200, 200));
    const begin = await s.api(`/api/film/shot/${film.id}/2/upload`, {
      method: "POST",
      token: owner,
      body: { content_type: "image/jpeg", content_length: 100 },
    });
    const attempts = [
      s.api(`/api/film/${film.id}`, { token: intruder }),
      s.api(`/api/film/${film.id}`, { method: "PUT", token: intruder, body: { name: "mine" } }),
      s.api(`/api/film/${film.id}`, { method: "DELETE", token: intruder }),
      s.api(`/api/film/${film.id}/download`, { token: intruder }),
      s.api(`/api/film/${film.id}/share`, { method: "POST", token: intruder }),
      s.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token: intruder }),
      s.api(`/api/film/shot/${film.id}/3/upload`, {
        method: "POST",
        token: intruder,
        body: { content_type: "image/jpeg", content_length: 10 },
      }),
      s.api(`/api/film//shot/${film.id}`, { method: "PUT", token: intruder, body: { index: 1, kept: true } }),
      s.api(`/api/film/shot/${film.id}/1`, { method: "DELETE", token: intruder }),
      putChunk(s, begin.body.urls[0], intruder, Buffer.alloc(100)),
      s.api("/api/film/not-a-uuid", { token: intruder }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await s.api("/api/film", { token: intruder })).body).toEqual([]);
    expect((await s.api(`/api/film/${film.id}`, { token: owner })).body.shots).toHaveLength(2);
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
    for (let index = 1; index <= 37; index++) {
      const begin = await s.api(`/api/film/shot/${film.id}/${index}/upload`, {
        method: "POST",
        token,
        body: { content_type: "image/jpeg", content_length: 1000 },
      });
      expect(begin.status).toBe(200);
    }
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
