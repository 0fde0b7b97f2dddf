import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createZip, type ZipEntry } from "./zip-stream.ts";

const files = [
  { name: "Portra-400-01.jpg", bytes: Buffer.from("first scan ".repeat(1000)) },
  { name: "Portra-400-02.jpg", bytes: Buffer.alloc(0) },
  { name: "Ñandú-03.tif", bytes: Buffer.from([0, 1, 2, 3, 255]) },
];
const entries = (): ZipEntry[] =>
  files.map((f) => ({
    name: f.name,
    size: f.bytes.length,
    crc32: crc32(f.bytes),
    modified: new Date(2026, 10, 22, 10, 30, 59),
    open: async () => Readable.from([f.bytes]),
  }));

// Python's zipfile is an independent reader of both the classic and the ZIP64 layout.
const READ = `import sys, zipfile, json
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "files": [[i.filename, i.file_size, z.read(i.filename).hex()] for i in z.infolist()], "dates": [i.date_time for i in z.infolist()]}))`;

describe("streamed zip of a roll", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "latent-zip-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const forceZip64 of [false, true]) {
    it(`announces its exact length and holds every file byte for byte${forceZip64 ? " in the ZIP64 layout used past 4 GB" : ""}`, async () => {
      const done: [number, number, string][] = [];
      const zip = createZip(entries(), { forceZip64, onFileDone: (n, total, name) => done.push([n, total, name]) });
      const path = join(dir, `roll-${forceZip64}.zip`);
      await pipeline(zip.stream, createWriteStream(path));
      expect((await stat(path)).size).toBe(zip.length);
      const read = JSON.parse(execFileSync("python3", ["-c", READ, path]).toString());
      expect(read.bad).toBeNull();
      expect(read.files).toEqual(files.map((f) => [f.name, f.bytes.length, f.bytes.toString("hex")]));
      // DOS time keeps even seconds: 10:30:59 is stored as 10:30:58.
      expect(read.dates).toEqual(files.map(() => [2026, 11, 22, 10, 30, 58]));
      expect(done).toEqual(files.map((f, i) => [i + 1, files.length, f.name]));
      // The ZIP64 end records only when asked (or needed past 4 GiB).
      expect((await readFile(path)).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(forceZip64);
    });
  }

  it("dates a file from before 1980, which DOS time cannot hold, in 1980, and needs no options", async () => {
    const old = { ...entries()[2]!, modified: new Date(1975, 5, 15, 8, 0) };
    const path = join(dir, "old.zip");
    await pipeline(createZip([old]).stream, createWriteStream(path));
    expect(JSON.parse(execFileSync("python3", ["-c", READ, path]).toString()).dates).toEqual([[1980, 6, 15, 8, 0, 0]]);
  });

  it("plans a roll past 4 GiB in the ZIP64 layout without being asked: sizes and offsets that need 64 bits get them", () => {
    // Only the plan is made: the length is known before any file is opened.
    const entry = (name: string, size: number): ZipEntry => ({
      name,
      size,
      crc32: 0,
      modified: new Date(2026, 0, 1),
      open: () => Promise.reject(new Error("not read")),
    });
    const big = 5 * 1024 ** 3;
    const zip = createZip([entry("a.tif", big), entry("b.jpg", 10)]);
    const local = 30 + 5 + 20 + big + (30 + 5) + 10; // a's local header carries its 64-bit sizes, b's does not
    const central = 46 + 5 + 4 + 16 + (46 + 5 + 4 + 8); // a: its sizes in 64 bits; b: its offset (past 4 GiB) in 64 bits
    expect(zip.length).toBe(local + central + 56 + 20 + 22);
    const small = createZip([entry("b.jpg", 10)]);
    expect(small.length).toBe(30 + 5 + 10 + 46 + 5 + 22);
    zip.stream.destroy();
    small.stream.destroy();
  });

  it("fails the stream rather than send a file whose size changed", async () => {
    const broken = entries();
    broken[0] = { ...broken[0]!, size: broken[0]!.size + 10 };
    await expect(pipeline(createZip(broken).stream, createWriteStream(join(dir, "broken.zip")))).rejects.toThrow(/changed while zipping/);
  });

  it("writes local files read into reused buffers byte for byte, each file's chunks in order, with the exact length", async () => {
    // Files of several reads each (the buffers are 1 MiB) with a distinct byte pattern per read, so a buffer
    // reused before its write was done, or reads sent out of order, would corrupt the copy.
    const sizes = [3 * 1024 * 1024 + 17, 0, 1024 * 1024, 5];
    const local = await Promise.all(
      sizes.map(async (size, i) => {
        const bytes = Buffer.alloc(size);
        for (let at = 0; at < size; at++) bytes[at] = (at >> 20) * 37 + i * 11 + (at % 251);
        const path = join(dir, `scan-${i}.tif`);
        await writeFile(path, bytes);
        return { name: `scan-${i}.tif`, bytes, path };
      }),
    );
    const done: number[] = [];
    const zip = createZip(
      local.map((f) => ({
        name: f.name,
        size: f.bytes.length,
        crc32: crc32(f.bytes),
        modified: new Date(2026, 10, 22),
        path: f.path,
        open: () => Promise.reject(new Error("a local file is read from its path")),
      })),
      { onFileDone: (n) => done.push(n) },
    );
    // A slow client: each chunk is taken a moment after it was written, as a socket busy with the previous one would.
    const taken: Buffer[] = [];
    const slow = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        setTimeout(() => {
          taken.push(Buffer.from(chunk));
          callback();
        }, 3);
      },
    });
    await zip.writeTo(slow);
    const out = join(dir, "local.zip");
    await writeFile(out, Buffer.concat(taken));
    expect((await stat(out)).size).toBe(zip.length);
    const read = JSON.parse(execFileSync("python3", ["-c", READ, out], { maxBuffer: 64 * 1024 * 1024 }).toString());
    expect(read.bad).toBeNull();
    expect(read.files).toEqual(local.map((f) => [f.name, f.bytes.length, f.bytes.toString("hex")]));
    expect(done).toEqual([1, 2, 3, 4]);
  });

  it("writes streamed entries the same way, and refuses a local file whose size changed", async () => {
    const out = join(dir, "streamed.zip");
    const sink = createWriteStream(out);
    await createZip(entries()).writeTo(sink);
    await new Promise((resolve) => sink.end(resolve));
    const read = JSON.parse(execFileSync("python3", ["-c", READ, out]).toString());
    expect(read.files).toEqual(files.map((f) => [f.name, f.bytes.length, f.bytes.toString("hex")]));

    const path = join(dir, "grown.tif");
    await writeFile(path, Buffer.alloc(100, 1));
    const grown: ZipEntry = {
      name: "grown.tif",
      size: 90,
      crc32: 0,
      modified: new Date(),
      path,
      open: () => Promise.reject(new Error("no")),
    };
    await expect(createZip([grown]).writeTo(createWriteStream(join(dir, "grown.zip")))).rejects.toThrow(/changed while zipping/);
  });
});
