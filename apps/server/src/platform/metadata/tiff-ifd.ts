/**
 * TIFF image file directories (IFDs): the structure of a TIFF file and of the EXIF block inside a JPEG. Metadata is
 * added without moving a byte of the original: new directories are appended after its end, each keeping the entries
 * of the one it replaces (their values still point where they did), and the header is pointed at the new first
 * directory. Offsets count from the TIFF header (the file's start, or the EXIF block's "II*\0" in a JPEG).
 */

/** Reads `length` bytes at `offset` of the TIFF structure. */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

export const TYPE = { BYTE: 1, ASCII: 2, SHORT: 3, LONG: 4, RATIONAL: 5, UNDEFINED: 7, SLONG: 9, SRATIONAL: 10 } as const;
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };

export const TAG = {
  IMAGE_DESCRIPTION: 0x010e,
  MAKE: 0x010f,
  MODEL: 0x0110,
  XMP: 0x02bc,
  EXIF_IFD: 0x8769,
  GPS_IFD: 0x8825,
} as const;

/**
 * One directory entry. `raw` is the 4-byte value field exactly as stored (an entry kept from the original, whose
 * out-of-line value stays where it is); `data` is a new value in the structure's byte order (inline when it fits in 4
 * bytes, else written after the directory); `ifd` points at another directory being written.
 */
export type IfdEntry = { tag: number; type: number; count: number } & ({ raw: Buffer } | { data: Buffer } | { ifd: number });

export interface Ifd {
  entries: IfdEntry[];
  /** The next directory's offset (a JPEG's thumbnail, a TIFF's second page); 0 for none. */
  next: number;
}

export interface TiffHeader {
  littleEndian: boolean;
  firstIfd: number;
}

/** Reads a classic TIFF header ("II*\0" or "MM\0*"); null for anything else (BigTIFF included). */
export function readHeader(bytes: Buffer): TiffHeader | null {
  if (bytes.length < 8) return null;
  const order = bytes.toString("latin1", 0, 2);
  if (order !== "II" && order !== "MM") return null;
  const littleEndian = order === "II";
  const magic = littleEndian ? bytes.readUInt16LE(2) : bytes.readUInt16BE(2);
  if (magic !== 42) return null;
  return { littleEndian, firstIfd: littleEndian ? bytes.readUInt32LE(4) : bytes.readUInt32BE(4) };
}

/** The largest directory read: a real one holds a few dozen entries; more is a damaged file, left alone. */
const MAX_ENTRIES = 1000;

/** Reads the directory at `offset`, its entries kept raw. */
export async function readIfd(read: ReadAt, offset: number, littleEndian: boolean): Promise<Ifd> {
  const countBytes = await read(offset, 2);
  const count = littleEndian ? countBytes.readUInt16LE(0) : countBytes.readUInt16BE(0);
  if (count > MAX_ENTRIES) throw new Error(`a directory of ${count} entries`);
  const body = await read(offset + 2, count * 12 + 4);
  const u16 = (at: number) => (littleEndian ? body.readUInt16LE(at) : body.readUInt16BE(at));
  const u32 = (at: number) => (littleEndian ? body.readUInt32LE(at) : body.readUInt32BE(at));
  const entries: IfdEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * 12;
    entries.push({ tag: u16(at), type: u16(at + 2), count: u32(at + 4), raw: Buffer.from(body.subarray(at + 8, at + 12)) });
  }
  return { entries, next: u32(count * 12) };
}

/** A kept entry's value as a number (a LONG or SHORT held inline: the offset of a sub-directory, say). */
export function entryNumber(entry: IfdEntry, littleEndian: boolean): number | null {
  if (!("raw" in entry) || entry.count !== 1) return null;
  if (entry.type === TYPE.LONG) return littleEndian ? entry.raw.readUInt32LE(0) : entry.raw.readUInt32BE(0);
  if (entry.type === TYPE.SHORT) return littleEndian ? entry.raw.readUInt16LE(0) : entry.raw.readUInt16BE(0);
  return null;
}

/** A kept entry's value bytes, read where they are (inline in the field, or at the offset it holds). */
export async function entryBytes(read: ReadAt, entry: IfdEntry, littleEndian: boolean): Promise<Buffer | null> {
  if (!("raw" in entry)) return null;
  const size = (TYPE_SIZE[entry.type] ?? 1) * entry.count;
  if (size <= 4) return entry.raw.subarray(0, size);
  const at = littleEndian ? entry.raw.readUInt32LE(0) : entry.raw.readUInt32BE(0);
  return read(at, size);
}

/** Entries of `base` with every tag of `changes` replaced by the change (or added), in tag order as TIFF wants. */
export function mergeEntries(base: IfdEntry[], changes: IfdEntry[]): IfdEntry[] {
  const replaced = new Set(changes.map((e) => e.tag));
  return [...base.filter((e) => !replaced.has(e.tag)), ...changes].sort((a, b) => a.tag - b.tag);
}

const ifdSize = (ifd: Ifd) => 2 + ifd.entries.length * 12 + 4;
const dataSize = (entry: IfdEntry) => ("data" in entry && entry.data.length > 4 ? entry.data.length + (entry.data.length % 2) : 0);

/**
 * Writes directories one after another, starting at `base` (an even offset in the structure), each followed by its
 * out-of-line values (word-aligned). An `ifd` entry points at the directory of that index in `ifds`. Answers the
 * bytes and each directory's offset.
 */
export function writeIfds(ifds: Ifd[], base: number, littleEndian: boolean): { bytes: Buffer; offsets: number[] } {
  const offsets: number[] = [];
  let size = 0;
  for (const ifd of ifds) {
    offsets.push(base + size);
    size += ifdSize(ifd) + ifd.entries.reduce((n, e) => n + dataSize(e), 0);
  }
  const out = Buffer.alloc(size);
  const u16 = (v: number, at: number) => (littleEndian ? out.writeUInt16LE(v, at) : out.writeUInt16BE(v, at));
  const u32 = (v: number, at: number) => (littleEndian ? out.writeUInt32LE(v >>> 0, at) : out.writeUInt32BE(v >>> 0, at));
  ifds.forEach((ifd, i) => {
    const start = offsets[i]! - base;
    let data = start + ifdSize(ifd);
    u16(ifd.entries.length, start);
    ifd.entries.forEach((entry, j) => {
      const at = start + 2 + j * 12;
      u16(entry.tag, at);
      u16(entry.type, at + 2);
      u32(entry.count, at + 4);
      if ("raw" in entry) entry.raw.copy(out, at + 8, 0, 4);
      else if ("ifd" in entry) u32(offsets[entry.ifd]!, at + 8);
      else if (entry.data.length <= 4) entry.data.copy(out, at + 8);
      else {
        u32(base + data, at + 8);
        entry.data.copy(out, data);
        data += dataSize(entry);
      }
    });
    u32(ifd.next, start + 2 + ifd.entries.length * 12);
  });
  return { bytes: out, offsets };
}

/** Value encoders in a structure's byte order. */
export function encoders(littleEndian: boolean) {
  const numbers = (width: 2 | 4, values: number[], signed = false) => {
    const b = Buffer.alloc(values.length * width);
    values.forEach((v, i) => {
      if (width === 2) littleEndian ? b.writeUInt16LE(v, i * 2) : b.writeUInt16BE(v, i * 2);
      else if (signed) littleEndian ? b.writeInt32LE(v, i * 4) : b.writeInt32BE(v, i * 4);
      else littleEndian ? b.writeUInt32LE(v, i * 4) : b.writeUInt32BE(v, i * 4);
    });
    return b;
  };
  return {
    ascii: (tag: number, text: string): IfdEntry => {
      const data = Buffer.from(`${text}\0`, "latin1");
      return { tag, type: TYPE.ASCII, count: data.length, data };
    },
    short: (tag: number, values: number[]): IfdEntry => ({ tag, type: TYPE.SHORT, count: values.length, data: numbers(2, values) }),
    long: (tag: number, values: number[]): IfdEntry => ({ tag, type: TYPE.LONG, count: values.length, data: numbers(4, values) }),
    rational: (tag: number, values: [number, number][]): IfdEntry => ({
      tag,
      type: TYPE.RATIONAL,
      count: values.length,
      data: numbers(4, values.flat()),
    }),
    srational: (tag: number, values: [number, number][]): IfdEntry => ({
      tag,
      type: TYPE.SRATIONAL,
      count: values.length,
      data: numbers(4, values.flat(), true),
    }),
    bytes: (tag: number, type: number, data: Buffer): IfdEntry => ({ tag, type, count: data.length, data }),
  };
}
