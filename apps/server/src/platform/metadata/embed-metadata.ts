import { crc32Combine, crc32Of, crc32OfRest } from "./crc32-combine.ts";
import { exifEntries, type FrameMetadata, mergeXmpPacket, xmpPacket } from "./frame-metadata.ts";
import {
  entryBytes,
  entryNumber,
  type Ifd,
  type IfdEntry,
  mergeEntries,
  type ReadAt,
  readHeader,
  readIfd,
  TAG,
  TYPE,
  writeIfds,
} from "./tiff-ifd.ts";

/**
 * A file with metadata written in, described without copying it: `head`, then the original's bytes from `from` to
 * its end, then `tail`. The original stays as stored; its size and CRC-32 give the new file's before a byte is read
 * past the header, so a zip can announce exact sizes and checksums before streaming (issue 28).
 */
export interface Spliced {
  head: Buffer;
  from: number;
  tail: Buffer;
  size: number;
  crc32: number;
}

export interface Original {
  contentType: string;
  size: number;
  /** The stored file's CRC-32 (computed when it was processed). */
  crc32: number;
  read: ReadAt;
}

/**
 * The original could not be read (gone from the store, shorter than its record): the download cannot be what its
 * record says, unlike a file we cannot parse, which leaves as stored.
 */
export class OriginalUnreadable extends Error {}

/** What can be written into: anything else leaves unchanged (with a sidecar packet where asked). */
export const EMBEDDABLE = new Set(["image/jpeg", "image/tiff", "image/png"]);

/** How much of a JPEG's start (its APPn segments: EXIF, XMP, ICC profile) is read at most; past it, left alone. */
const MAX_JPEG_HEAD = 8 * 1024 * 1024;
const MAX_SEGMENT = 0xffff - 2;
const EXIF_ID = Buffer.from("Exif\0\0", "latin1");
const XMP_ID = Buffer.from("http://ns.adobe.com/xap/1.0/\0", "latin1");

/** Reads through 64 KiB blocks kept for the call: a header's many small reads cost a few store reads. */
export function blockReader(read: ReadAt, size: number, block = 64 * 1024): ReadAt {
  const blocks = new Map<number, Promise<Buffer>>();
  const blockAt = (i: number) => {
    let b = blocks.get(i);
    if (!b) {
      b = read(i * block, Math.min(block, size - i * block));
      blocks.set(i, b);
    }
    return b;
  };
  return async (offset, length) => {
    if (offset < 0 || offset + length > size) throw new Error(`a read past the file's end (${offset}+${length} of ${size})`);
    const parts: Buffer[] = [];
    for (let i = Math.floor(offset / block); i * block < offset + length; i++) {
      const b = await blockAt(i);
      const start = Math.max(0, offset - i * block);
      parts.push(b.subarray(start, Math.min(b.length, offset + length - i * block)));
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  };
}

/** A TIFF structure's new directories for a frame: IFD0 with the changes, its EXIF and GPS sub-directories. */
async function frameIfds(
  meta: FrameMetadata,
  littleEndian: boolean,
  existing: { read: ReadAt; ifd0: Ifd } | null,
  xmp: Buffer | null,
): Promise<Ifd[]> {
  const ours = exifEntries(meta, littleEndian);
  const base = existing?.ifd0.entries ?? [];
  const exifAt = existing ? (base.find((e) => e.tag === TAG.EXIF_IFD) ?? null) : null;
  const exifOffset = exifAt ? entryNumber(exifAt, littleEndian) : null;
  const keptExif = existing && exifOffset ? (await readIfd(existing.read, exifOffset, littleEndian)).entries : [];
  const changes: IfdEntry[] = [...ours.ifd0, { tag: TAG.EXIF_IFD, type: TYPE.LONG, count: 1, ifd: 1 }];
  if (ours.gps.length > 0) changes.push({ tag: TAG.GPS_IFD, type: TYPE.LONG, count: 1, ifd: 2 });
  if (xmp) changes.push({ tag: TAG.XMP, type: TYPE.BYTE, count: xmp.length, data: xmp });
  const ifds: Ifd[] = [
    { entries: mergeEntries(base, changes), next: existing?.ifd0.next ?? 0 },
    { entries: mergeEntries(keptExif, ours.exif), next: 0 },
  ];
  if (ours.gps.length > 0) ifds.push({ entries: ours.gps, next: 0 });
  return ifds;
}

/** A fresh EXIF TIFF structure of a frame alone (little-endian, directories right after the header). */
async function freshExif(meta: FrameMetadata): Promise<Buffer> {
  const header = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  const { bytes } = writeIfds(await frameIfds(meta, true, null, null), 8, true);
  return Buffer.concat([header, bytes]);
}

/** An existing EXIF TIFF structure with the frame's directories appended and its header pointed at them. */
async function extendedExif(tiff: Buffer, meta: FrameMetadata): Promise<Buffer | null> {
  const header = readHeader(tiff);
  if (!header) return null;
  const read: ReadAt = async (offset, length) => {
    if (offset + length > tiff.length) throw new Error("an EXIF directory past its block's end");
    return tiff.subarray(offset, offset + length);
  };
  const ifd0 = await readIfd(read, header.firstIfd, header.littleEndian);
  const base = tiff.length + (tiff.length % 2);
  const { bytes, offsets } = writeIfds(await frameIfds(meta, header.littleEndian, { read, ifd0 }, null), base, header.littleEndian);
  const out = Buffer.concat([tiff, Buffer.alloc(base - tiff.length), bytes]);
  if (header.littleEndian) out.writeUInt32LE(offsets[0]!, 4);
  else out.writeUInt32BE(offsets[0]!, 4);
  return out;
}

const segment = (marker: number, id: Buffer, payload: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(2 + id.length + payload.length, 2);
  return Buffer.concat([head, id, payload]);
};

interface JpegSegment {
  marker: number;
  bytes: Buffer;
}

/** The APPn and COM segments a JPEG starts with, and where they end; null when it is not a JPEG we can read. */
async function jpegSegments(read: ReadAt, size: number): Promise<{ segments: JpegSegment[]; end: number } | null> {
  const soi = await read(0, 2);
  if (soi[0] !== 0xff || soi[1] !== 0xd8) return null;
  const segments: JpegSegment[] = [];
  let at = 2;
  while (at + 4 <= size && at < MAX_JPEG_HEAD) {
    const h = await read(at, 4);
    if (h[0] !== 0xff) return null;
    const marker = h[1]!;
    const isApp = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (!isApp) return { segments, end: at };
    const length = h.readUInt16BE(2);
    if (length < 2 || at + 2 + length > size) return null;
    segments.push({ marker, bytes: await read(at, 2 + length) });
    at += 2 + length;
  }
  return null;
}

const startsWith = (s: JpegSegment, marker: number, id: Buffer) =>
  s.marker === marker && s.bytes.length >= 4 + id.length && s.bytes.subarray(4, 4 + id.length).equals(id);

async function spliceJpeg(original: Original, meta: FrameMetadata): Promise<Omit<Spliced, "size" | "crc32"> | null> {
  const found = await jpegSegments(original.read, original.size);
  if (!found) return null;
  const { segments, end } = found;
  const exifSegment = segments.find((s) => startsWith(s, 0xe1, EXIF_ID));
  const xmpSegment = segments.find((s) => startsWith(s, 0xe1, XMP_ID));

  let exif = exifSegment
    ? await extendedExif(exifSegment.bytes.subarray(4 + EXIF_ID.length), meta).catch(() => null)
    : await freshExif(meta);
  // A block that would pass a segment's 64 KiB stays as the scanner wrote it; the XMP packet still carries ours.
  if (exif && exif.length + EXIF_ID.length > MAX_SEGMENT) exif = null;
  const ours = xmpPacket(meta);
  const merged = xmpSegment ? mergeXmpPacket(xmpSegment.bytes.subarray(4 + XMP_ID.length).toString("utf8"), meta) : null;
  const packet = [merged, ours].map((p) => (p ? Buffer.from(p, "utf8") : null)).find((p) => p && p.length + XMP_ID.length <= MAX_SEGMENT);
  if (!packet) return null;

  // JFIF's APP0 must stay first; EXIF and XMP follow it, then every other segment as it was.
  const jfif = segments[0]?.marker === 0xe0 ? [segments[0]] : [];
  const rest = segments.slice(jfif.length).filter((s) => s !== xmpSegment && (s !== exifSegment || !exif));
  const head = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    ...jfif.map((s) => s.bytes),
    ...(exif ? [segment(0xe1, EXIF_ID, exif)] : []),
    segment(0xe1, XMP_ID, packet),
    ...rest.map((s) => s.bytes),
  ]);
  return { head, from: end, tail: Buffer.alloc(0) };
}

/** TIFF offsets are 32-bit: a file this close to 4 GB is left as it is. */
const MAX_TIFF = 0xffffffff - 16 * 1024 * 1024;

async function spliceTiff(original: Original, meta: FrameMetadata): Promise<Omit<Spliced, "size" | "crc32"> | null> {
  if (original.size > MAX_TIFF) return null;
  const header = readHeader(await original.read(0, 8));
  if (!header) return null;
  const { littleEndian } = header;
  const ifd0 = await readIfd(original.read, header.firstIfd, littleEndian);
  const xmpEntry = ifd0.entries.find((e) => e.tag === TAG.XMP);
  const existingXmp = xmpEntry ? await entryBytes(original.read, xmpEntry, littleEndian) : null;
  const merged = existingXmp ? mergeXmpPacket(existingXmp.toString("utf8"), meta) : null;
  const xmp = Buffer.from(merged ?? xmpPacket(meta), "utf8");
  const base = original.size + (original.size % 2);
  const { bytes, offsets } = writeIfds(await frameIfds(meta, littleEndian, { read: original.read, ifd0 }, xmp), base, littleEndian);
  const head = Buffer.from(await original.read(0, 8));
  if (littleEndian) head.writeUInt32LE(offsets[0]!, 4);
  else head.writeUInt32BE(offsets[0]!, 4);
  return { head, from: 8, tail: Buffer.concat([Buffer.alloc(base - original.size), bytes]) };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32Of(data, crc32Of(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

async function splicePng(original: Original, meta: FrameMetadata): Promise<Omit<Spliced, "size" | "crc32"> | null> {
  const start = await original.read(0, 33);
  if (!start.subarray(0, 8).equals(PNG_SIGNATURE) || start.toString("latin1", 12, 16) !== "IHDR") return null;
  // The chunks before the image data: a scan that has its own EXIF keeps it; one with its own XMP is left alone
  // (two packets would contradict each other), and gets a sidecar where one is asked for.
  let hasExif = false;
  for (let at = 33, n = 0; at + 8 <= original.size && n < 1000; n++) {
    const h = await original.read(at, 8);
    const type = h.toString("latin1", 4, 8);
    if (type === "IDAT" || type === "IEND") break;
    if (type === "eXIf") hasExif = true;
    if (type === "iTXt") {
      const keyword = await original.read(at + 8, Math.min(18, h.readUInt32BE(0)));
      if (keyword.toString("latin1") === "XML:com.adobe.xmp\0") return null;
    }
    at += 12 + h.readUInt32BE(0);
  }
  const text = Buffer.concat([Buffer.from("XML:com.adobe.xmp\0\0\0\0\0", "latin1"), Buffer.from(xmpPacket(meta), "utf8")]);
  const chunks = [pngChunk("iTXt", text)];
  if (!hasExif) chunks.push(pngChunk("eXIf", await freshExif(meta)));
  return { head: Buffer.concat([start, ...chunks]), from: 33, tail: Buffer.alloc(0) };
}

const SPLICERS: Record<string, (o: Original, m: FrameMetadata) => Promise<Omit<Spliced, "size" | "crc32"> | null>> = {
  "image/jpeg": spliceJpeg,
  "image/tiff": spliceTiff,
  "image/png": splicePng,
};

/**
 * The original with the frame's metadata written in, or null when it cannot be (another format, a file we cannot
 * read as its type says): then it leaves as it is stored.
 */
export async function embedMetadata(original: Original, meta: FrameMetadata): Promise<Spliced | null> {
  const splicer = SPLICERS[original.contentType];
  if (!splicer) return null;
  const read = blockReader(original.read, original.size);
  const plan = await splicer({ ...original, read }, meta).catch((err: unknown) => {
    if (err instanceof OriginalUnreadable) throw err;
    return null;
  });
  if (!plan) return null;
  const rest = original.size - plan.from;
  const restCrc = crc32OfRest(original.crc32, original.size, crc32Of(await read(0, plan.from)), plan.from);
  const crc = crc32Combine(crc32Combine(crc32Of(plan.head), restCrc, rest), crc32Of(plan.tail), plan.tail.length);
  return { ...plan, size: plan.head.length + rest + plan.tail.length, crc32: crc };
}

/** The spliced file's bytes from a stream of the whole original: the new head, the original past `from`, the tail. */
export async function* splicedBytes(spliced: Pick<Spliced, "head" | "from" | "tail">, original: AsyncIterable<Buffer>) {
  yield spliced.head;
  let skip = spliced.from;
  for await (const chunk of original) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    yield skip > 0 ? chunk.subarray(skip) : chunk;
    skip = 0;
  }
  if (spliced.tail.length > 0) yield spliced.tail;
}
