import { execFileSync } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
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
    modified: new Date(2026, 10, 22, 10, 30),
    open: async () => Readable.from([f.bytes]),
  }));

// Python's zipfile is an independent reader of both the classic and the ZIP64 layout.
const READ = `import sys, zipfile, json
z = zipfile.ZipFile(sys.argv[1])
bad = z.testzip()
print(json.dumps({"bad": bad, "files": [[i.filename, i.file_size, z.read(i.filename).hex()] for i in z.infolist()]}))`;

describe("streamed zip of a roll", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "latent-zip-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const forceZip64 of [false, true]) {
    it(`announces its exact length and holds every file byte for byte${forceZip64 ? " in the ZIP64 layout used past 4 GB" : ""}`, async () => {
      const done: string[] = [];
      const zip = createZip(entries(), { forceZip64, onFileDone: (_n, _t, name) => done.push(name) });
      const path = join(dir, `roll-${forceZip64}.zip`);
      await pipeline(zip.stream, createWriteStream(path));
      expect((await stat(path)).size).toBe(zip.length);
      const read = JSON.parse(execFileSync("python3", ["-c", READ, path]).toString());
      expect(read.bad).toBeNull();
      expect(read.files).toEqual(files.map((f) => [f.name, f.bytes.length, f.bytes.toString("hex")]));
      expect(done).toEqual(files.map((f) => f.name));
      if (forceZip64) expect((await readFile(path)).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    });
  }

  it("fails the stream rather than send a file whose size changed", async () => {
    const broken = entries();
    broken[0] = { ...broken[0]!, size: broken[0]!.size + 10 };
    await expect(pipeline(createZip(broken).stream, createWriteStream(join(dir, "broken.zip")))).rejects.toThrow(/changed while zipping/);
  });
});
