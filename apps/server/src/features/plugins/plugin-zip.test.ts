import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipFolder } from "./plugin-zip.ts";

/** Reads a zip through its central directory, as an unzip tool does: name → bytes, checking each CRC. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const bytes = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    expect(crc32(bytes), name).toBe(crc);
    files.set(name, bytes);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

describe("the plugin's zip", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "plugin-zip-"));
    await mkdir(join(dir, "Latent.lrplugin", "nested"), { recursive: true });
    await writeFile(join(dir, "Latent.lrplugin", "Info.lua"), "return { LrSdkVersion = 10.0 }\n");
    await writeFile(join(dir, "Latent.lrplugin", "nested", "Strings_é.txt"), "x".repeat(10_000));
    await writeFile(join(dir, "Latent.lrplugin", ".DS_Store"), "junk");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("unzips to the Latent.lrplugin folder with every file as it is, leaving hidden files out", async () => {
    const files = unzip(await zipFolder(join(dir, "Latent.lrplugin")));
    expect([...files.keys()].sort()).toEqual(["Latent.lrplugin/Info.lua", "Latent.lrplugin/nested/Strings_é.txt"]);
    expect(files.get("Latent.lrplugin/Info.lua")!.toString()).toBe("return { LrSdkVersion = 10.0 }\n");
    expect(files.get("Latent.lrplugin/nested/Strings_é.txt")!.toString()).toBe("x".repeat(10_000));
  });
});
