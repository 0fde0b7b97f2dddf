import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { expect } from "vitest";
import type { ApiResponse, TestServer } from "./harness.ts";

/** A valid new roll: 135 format, so the server gives it 36 exposures. */
export const roll = {
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

/** A solid-colour JPEG; a different seed gives different bytes. */
export const jpeg = (w: number, h: number, seed = 1) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: (seed * 40) % 255, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

// An uncompressed 2400×2400 TIFF is ~17 MB: more than one 16 MiB chunk.
export const bigTiff = () =>
  sharp({ create: { width: 2400, height: 2400, channels: 3, background: { r: 10, g: 200, b: 90 } } })
    .tiff({ compression: "none" })
    .toBuffer();

/** Hex SHA-256, to compare bytes that went through the server with the bytes sent. */
export const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** A token for a fresh user who has accepted the privacy policy, so may create rolls. */
export async function photographer(s: TestServer) {
  const token = await s.token();
  await s.api("/api/user/privacy-policy", { method: "POST", token });
  return token;
}

/** Sends one chunk of an upload to the URL the server handed out. */
export async function putChunk(s: TestServer, url: string, token: string, bytes: Buffer): Promise<ApiResponse> {
  const res = await fetch(`${s.base}${url}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** Uploads a file the way the web app does: ask for URLs, send each chunk. */
export async function upload(s: TestServer, token: string, filmId: string, index: number, bytes: Buffer, type = "image/jpeg") {
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

/** Runs the processing queue and waits until `count` shots of the roll are done or failed; answers the roll. */
export async function waitForShots(s: TestServer, token: string, filmId: string, count: number) {
  await s.latent.processor.drain();
  for (let i = 0; i < 100; i++) {
    const film = (await s.api(`/api/film/${filmId}`, { token })).body;
    if (film.shots.filter((x: { state: string }) => x.state === "done" || x.state === "error").length >= count) return film;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("shots were not processed");
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field
  body: any;
}

/** A chunk sent in two halves: the first now, the rest when `finish` is called (so something can happen in between). */
export function halfSent(s: TestServer, path: string, token: string, bytes: Buffer) {
  let finish!: () => Promise<Answer>;
  const sentHalf = new Promise<void>((started) => {
    const answer = new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        new URL(path, s.base),
        {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "content-length": bytes.length },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => {
            text += c;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
        },
      );
      // The server may answer (and close) before the second half is written.
      req.on("error", (err) => reject(err));
      const half = Math.floor(bytes.length / 2);
      req.write(bytes.subarray(0, half), () => started());
      finish = () => {
        req.end(bytes.subarray(half));
        return answer;
      };
    });
    answer.catch(() => undefined);
  });
  return sentHalf.then(() => ({ finish }));
}

/**
 * An uncompressed 16-bit RGB TIFF, written by hand (sharp writes TIFF at 8 bits only), its directory after the pixels
 * as scanner software's libtiff writes it; `bigEndian` for the "MM" byte order of some scanners.
 */
export function tiff16(w: number, h: number, seed = 1, bigEndian = false): Buffer {
  const pixels = Buffer.alloc(w * h * 3 * 2);
  for (let i = 0; i < w * h * 3; i++) {
    const v = (i * 2654435761 + seed * 40503) % 65536;
    if (bigEndian) pixels.writeUInt16BE(v, i * 2);
    else pixels.writeUInt16LE(v, i * 2);
  }
  const entries: [number, number, number, number][] = [
    [256, 4, 1, w], // ImageWidth
    [257, 4, 1, h], // ImageLength
    [258, 3, 3, 0], // BitsPerSample: 16,16,16 (out of line, below)
    [259, 3, 1, 1], // Compression: none
    [262, 3, 1, 2], // Photometric: RGB
    [273, 4, 1, 8], // StripOffsets: right after the header
    [277, 3, 1, 3], // SamplesPerPixel
    [278, 4, 1, h], // RowsPerStrip
    [279, 4, 1, pixels.length], // StripByteCounts
    [284, 3, 1, 1], // PlanarConfiguration: chunky
  ];
  const ifdAt = 8 + pixels.length + (pixels.length % 2);
  const bitsAt = ifdAt + 2 + entries.length * 12 + 4;
  const out = Buffer.alloc(bitsAt + 6);
  const u16 = (v: number, at: number) => (bigEndian ? out.writeUInt16BE(v, at) : out.writeUInt16LE(v, at));
  const u32 = (v: number, at: number) => (bigEndian ? out.writeUInt32BE(v, at) : out.writeUInt32LE(v, at));
  out.write(bigEndian ? "MM" : "II", 0, "latin1");
  u16(42, 2);
  u32(ifdAt, 4);
  pixels.copy(out, 8);
  u16(entries.length, ifdAt);
  entries.forEach(([tag, type, count, value], i) => {
    const at = ifdAt + 2 + i * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(count, at + 4);
    if (tag === 258) u32(bitsAt, at + 8);
    else if (type === 3) u16(value, at + 8);
    else u32(value, at + 8);
  });
  for (let i = 0; i < 3; i++) u16(16, bitsAt + i * 2);
  return out;
}

/**
 * Checks that a downloaded original is the file that was sent, with metadata written in (issue 28): a TIFF keeps every
 * byte past its header's directory pointer in place (new directories follow its end); a JPEG or PNG keeps every
 * byte past its leading metadata, after a new header.
 */
export function expectSentBytesKept(download: Buffer, sent: Buffer) {
  const kind = sent.subarray(0, 2).toString("latin1");
  if (kind === "II" || kind === "MM") {
    expect(download.subarray(0, 4).equals(sent.subarray(0, 4)), "the TIFF's byte order and magic").toBe(true);
    expect(sha(download.subarray(8, sent.length)), "the TIFF's bytes past its header").toBe(sha(sent.subarray(8)));
    expect(download.length).toBeGreaterThan(sent.length);
    return;
  }
  let from = 33; // a PNG's signature and IHDR
  if (sent[0] === 0xff && sent[1] === 0xd8) {
    // A JPEG's leading APPn and COM segments, which the download's new header replaces.
    from = 2;
    while (sent[from] === 0xff && ((sent[from + 1]! >= 0xe0 && sent[from + 1]! <= 0xef) || sent[from + 1] === 0xfe))
      from += 2 + sent.readUInt16BE(from + 2);
  }
  expect(sha(download.subarray(download.length - (sent.length - from))), "the bytes past the metadata").toBe(sha(sent.subarray(from)));
}
