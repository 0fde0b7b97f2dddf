import { open as openFile } from "node:fs/promises";
import { Readable, type Writable } from "node:stream";

export interface ZipEntry {
  name: string;
  size: number;
  /** CRC-32 of the bytes, known in advance (computed when the file was processed). */
  crc32: number;
  modified: Date;
  open(): Promise<Readable>;
  /** A local file holding the bytes (the filesystem store's): `writeTo` then reads it into reused buffers. */
  path?: string;
  /**
   * With `path`: the entry is not the file as it is but `head`, the file from `from`, then `tail` (a scan with its
   * metadata written in); `size` and `crc32` are the result's. `open` gives the same bytes for other stores.
   */
  splice?: { head: Buffer; from: number; tail: Buffer };
}

export interface ZipOptions {
  /** Use ZIP64 records even when sizes fit in 32 bits (tests exercise the >4 GB layout this way). */
  forceZip64?: boolean;
  /** Called after each file is fully written, with the count written so far. */
  onFileDone?: (done: number, total: number, name: string) => void;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const UTF8_FLAG = 0x0800;

function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Planned {
  entry: ZipEntry;
  name: Buffer;
  offset: number;
  local: Buffer;
  central: Buffer;
}

function localHeader(e: ZipEntry, name: Buffer, zip64: boolean): Buffer {
  const extra = zip64 ? 20 : 0;
  const b = Buffer.alloc(30 + name.length + extra);
  const { time, date } = dosDateTime(e.modified);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(zip64 ? 45 : 20, 4);
  b.writeUInt16LE(UTF8_FLAG, 6);
  b.writeUInt16LE(0, 8); // stored: scans are already compressed, deflate would save ~1% at 30 MB/s
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  b.writeUInt32LE(e.crc32 >>> 0, 14);
  b.writeUInt32LE(zip64 ? MAX32 : e.size, 18);
  b.writeUInt32LE(zip64 ? MAX32 : e.size, 22);
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(extra, 28);
  name.copy(b, 30);
  if (zip64) {
    const x = 30 + name.length;
    b.writeUInt16LE(0x0001, x);
    b.writeUInt16LE(16, x + 2);
    b.writeBigUInt64LE(BigInt(e.size), x + 4);
    b.writeBigUInt64LE(BigInt(e.size), x + 12);
  }
  return b;
}

function centralHeader(e: ZipEntry, name: Buffer, offset: number, force: boolean): Buffer {
  const bigSize = force || e.size >= MAX32;
  const bigOffset = force || offset >= MAX32;
  const fields = (bigSize ? 2 : 0) + (bigOffset ? 1 : 0);
  const extra = fields ? 4 + fields * 8 : 0;
  const b = Buffer.alloc(46 + name.length + extra);
  const { time, date } = dosDateTime(e.modified);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE((3 << 8) | 45, 4);
  b.writeUInt16LE(fields ? 45 : 20, 6);
  b.writeUInt16LE(UTF8_FLAG, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(e.crc32 >>> 0, 16);
  b.writeUInt32LE(bigSize ? MAX32 : e.size, 20);
  b.writeUInt32LE(bigSize ? MAX32 : e.size, 24);
  b.writeUInt16LE(name.length, 28);
  b.writeUInt16LE(extra, 30);
  b.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  b.writeUInt32LE(bigOffset ? MAX32 : offset, 42);
  name.copy(b, 46);
  if (fields) {
    let x = 46 + name.length;
    b.writeUInt16LE(0x0001, x);
    b.writeUInt16LE(fields * 8, x + 2);
    x += 4;
    if (bigSize) {
      b.writeBigUInt64LE(BigInt(e.size), x);
      b.writeBigUInt64LE(BigInt(e.size), x + 8);
      x += 16;
    }
    if (bigOffset) b.writeBigUInt64LE(BigInt(offset), x);
  }
  return b;
}

function endRecords(count: number, cdOffset: number, cdSize: number, force: boolean): Buffer {
  const zip64 = force || count >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? MAX16 : count, 8);
  eocd.writeUInt16LE(zip64 ? MAX16 : count, 10);
  eocd.writeUInt32LE(zip64 ? MAX32 : cdSize, 12);
  eocd.writeUInt32LE(zip64 ? MAX32 : cdOffset, 16);
  if (!zip64) return eocd;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(cdSize), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, eocd]);
}

/** The size of each read of a file, and of each write to the client. */
const CHUNK = 1 << 20;

const changed = (p: Planned, written: number) => new Error(`${p.entry.name} changed while zipping (${written} of ${p.entry.size} bytes)`);

/** Writes a chunk and settles once the sink is done with it (handed to the kernel): its buffer may then be reused. */
function written(out: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

export interface Zip {
  /** The exact byte count, known before the first byte. */
  length: number;
  /** The zip as a stream (for a store's put): every file chunk is a buffer of its own. */
  stream: Readable;
  /**
   * Writes the zip to a sink (the client's response), reading local files into two reused buffers, one being
   * written while the next is read: memory stays at 2 MiB whatever the roll's size, where a stream's fresh buffer per
   * read grew the heap by tens of MB until the garbage collector caught up (decision 0030).
   */
  writeTo(out: Writable): Promise<void>;
}

/**
 * A stored (uncompressed) zip whose every byte is known before the first is sent: the exact length comes first,
 * then the files are copied through as they are read, so memory stays flat whatever the roll's size.
 */
export function createZip(entries: ZipEntry[], options: ZipOptions = {}): Zip {
  const force = options.forceZip64 ?? false;
  let offset = 0;
  const planned: Planned[] = entries.map((entry) => {
    const name = Buffer.from(entry.name, "utf8");
    const local = localHeader(entry, name, force || entry.size >= MAX32);
    const p = { entry, name, offset, local, central: centralHeader(entry, name, offset, force) };
    offset += local.length + entry.size;
    return p;
  });
  const central = Buffer.concat(planned.map((p) => p.central));
  const end = endRecords(planned.length, offset, central.length, force);
  const length = offset + central.length + end.length;

  /** A file's bytes from its stream, checked against the size its headers announced. */
  async function* streamed(p: Planned) {
    let count = 0;
    for await (const chunk of await p.entry.open()) {
      count += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    if (count !== p.entry.size) throw changed(p, count);
  }

  async function* bytes() {
    for (const [i, p] of planned.entries()) {
      yield p.local;
      yield* streamed(p);
      options.onFileDone?.(i + 1, planned.length, p.entry.name);
    }
    yield central;
    yield end;
  }

  async function writeTo(out: Writable) {
    const buffers = [Buffer.allocUnsafeSlow(CHUNK), Buffer.allocUnsafeSlow(CHUNK)];
    // The write of each buffer still in flight: a buffer is read into again only once its write is done.
    const pending: [Promise<void>, Promise<void>] = [Promise.resolve(), Promise.resolve()];
    let turn = 0;
    const send = (chunk: Buffer) => {
      const slot = turn;
      turn ^= 1;
      const done = written(out, chunk);
      done.catch(() => undefined); // awaited below; a failed write must not also be an unhandled rejection
      // Writes complete in order: a later write done means every earlier one is, whatever slot it took.
      pending[slot] = done;
      return done;
    };
    try {
      for (const [i, p] of planned.entries()) {
        await send(p.local);
        if (p.entry.path) {
          const { head, from, tail } = p.entry.splice ?? { head: null, from: 0, tail: null };
          // The stored file's own size: the entry's less what the splice adds and drops.
          const fileSize = p.entry.size - (head?.length ?? 0) - (tail?.length ?? 0) + from;
          const file = await openFile(p.entry.path, "r");
          try {
            if ((await file.stat()).size !== fileSize) throw changed(p, 0);
            if (head) await send(head);
            let position = from;
            while (position < fileSize) {
              await pending[turn];
              const buffer = buffers[turn]!;
              const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK, fileSize - position), position);
              if (bytesRead === 0) throw changed(p, position);
              position += bytesRead;
              void send(buffer.subarray(0, bytesRead));
            }
            if (tail?.length) await send(tail);
          } finally {
            await file.close();
          }
        } else {
          // A stream (another store): its chunks are fresh buffers; waiting for each write keeps at most one queued.
          for await (const chunk of streamed(p)) await send(chunk);
        }
        options.onFileDone?.(i + 1, planned.length, p.entry.name);
      }
      await send(central);
      await send(end);
    } finally {
      await Promise.allSettled(pending);
    }
    await Promise.all(pending);
  }

  return { length, stream: Readable.from(bytes(), { objectMode: false, highWaterMark: 1 << 20 }), writeTo };
}
