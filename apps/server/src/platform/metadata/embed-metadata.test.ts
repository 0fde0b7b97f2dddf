import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { crc32Of } from "./crc32-combine.ts";
import { embedMetadata, type Spliced } from "./embed-metadata.ts";
import { type FrameMetadata, NEGATIVE_FILM } from "./frame-metadata.ts";

const META: FrameMetadata = {
  title: "Lisbon, spring",
  description: "Tram 28 at dusk",
  film: "Kodak Portra 400",
  filmMaker: "Kodak",
  filmType: "Color Negative",
  filmFormat: "135",
  developProcess: "C-41 push +1",
  rollId: "K7M2QX",
  exposureNumber: 3,
  lab: "Carmencita Film Lab",
  scannerMaker: "Noritsu",
  scanner: "HS-1800",
  make: "Nikon",
  model: "FM2",
  lensModel: "Nikon AI-S 50mm f/1.4",
  iso: 400,
  exposureIndex: 800,
  fNumber: 5.6,
  exposureTime: 1 / 125,
  focalLength: 50,
  exposureCompensation: -1 / 3,
  takenAt: "2026-04-12T19:41:00+01:00",
  latitude: 38.7139,
  longitude: -9.1335,
  place: "Lisboa",
  filter: "Yellow 8",
  digitalSourceType: NEGATIVE_FILM,
};

const dir = mkdtempSync(join(tmpdir(), "latent-meta-"));

async function spliced(bytes: Buffer, contentType: string, meta = META) {
  const read = async (offset: number, length: number) => bytes.subarray(offset, offset + length);
  return embedMetadata({ contentType, size: bytes.length, crc32: crc32Of(bytes), read }, meta);
}

const joined = (bytes: Buffer, s: Spliced) => Buffer.concat([s.head, bytes.subarray(s.from), s.tail]);

function exiftool(bytes: Buffer, name: string): Record<string, unknown> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const [tags] = JSON.parse(execFileSync("exiftool", ["-j", "-n", "-G1", "-a", path], { encoding: "utf8" })) as Record<string, unknown>[];
  return tags!;
}

const pixels = async (bytes: Buffer) =>
  createHash("sha256")
    .update(await sharp(bytes).raw().toBuffer())
    .digest("hex");

const image = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } });

describe("a scan's film, exposure and frame written into the file that leaves", () => {
  it.each([
    ["a JPEG", "image/jpeg", () => image().jpeg().toBuffer()],
    [
      "a JPEG a scanner wrote EXIF into",
      "image/jpeg",
      () =>
        image()
          .jpeg()
          .withExif({ IFD0: { Make: "NORITSU KOKI", Model: "EZ Controller", Software: "EZC 6.2" } })
          .toBuffer(),
    ],
    ["an 8-bit TIFF", "image/tiff", () => image().tiff().toBuffer()],
    ["a 16-bit TIFF", "image/tiff", () => image().toColourspace("rgb16").tiff().toBuffer()],
    ["a PNG", "image/png", () => image().png().toBuffer()],
  ])("%s carries every field, keeps its pixels, and its size and CRC are known before streaming", async (_, type, make) => {
    const original = await make();
    const s = await spliced(original, type);
    expect(s).not.toBeNull();
    const out = joined(original, s!);
    expect(out.length).toBe(s!.size);
    expect(crc32Of(out)).toBe(s!.crc32);
    expect(await pixels(out)).toBe(await pixels(original));

    const tags = exiftool(out, `frame.${type.split("/")[1]}`);
    expect(tags["XMP-AnalogExif:Film"]).toBe("Kodak Portra 400");
    expect(tags["XMP-AnalogExif:FilmMaker"]).toBe("Kodak");
    expect(tags["XMP-AnalogExif:DevelopProcess"]).toBe("C-41 push +1");
    expect(tags["XMP-AnalogExif:ExposureNumber"]).toBe(3);
    expect(tags["XMP-AnalogExif:RollId"]).toBe("K7M2QX");
    expect(tags["XMP-AnalogExif:Lab"]).toBe("Carmencita Film Lab");
    expect(tags["XMP-iptcExt:DigitalSourceType"]).toBe(NEGATIVE_FILM);
    expect(tags["XMP-dc:Title"]).toBe("Lisbon, spring");
    expect(tags["XMP-dc:Description"]).toBe("Tram 28 at dusk");
    // The EXIF block tools read first.
    expect(tags["IFD0:Make"]).toBe("Nikon");
    expect(tags["IFD0:Model"]).toBe("FM2");
    expect(tags["ExifIFD:ISO"]).toBe(400);
    expect(tags["ExifIFD:ExposureIndex"]).toBe(800);
    expect(tags["ExifIFD:FNumber"]).toBe(5.6);
    expect(tags["ExifIFD:ExposureTime"]).toBeCloseTo(1 / 125, 6);
    expect(tags["ExifIFD:FocalLength"]).toBe(50);
    expect(tags["ExifIFD:ExposureCompensation"]).toBeCloseTo(-1 / 3, 3);
    expect(tags["ExifIFD:DateTimeOriginal"]).toBe("2026:04:12 19:41:00");
    expect(tags["ExifIFD:OffsetTimeOriginal"]).toBe("+01:00");
    expect(tags["ExifIFD:LensModel"]).toBe("Nikon AI-S 50mm f/1.4");
    expect(tags["Composite:GPSLatitude"]).toBeCloseTo(38.7139, 4);
    expect(tags["Composite:GPSLongitude"]).toBeCloseTo(-9.1335, 4);
    expect(tags["GPS:GPSLongitudeRef"]).toBe("W");
  });

  it("keeps what the scanner software wrote beside ours", async () => {
    const original = await image()
      .jpeg()
      .withExif({ IFD0: { Make: "NORITSU KOKI", Software: "EZC 6.2", Copyright: "Ana" } })
      .toBuffer();
    const tags = exiftool(joined(original, (await spliced(original, "image/jpeg"))!), "kept.jpg");
    expect(tags["IFD0:Software"]).toBe("EZC 6.2");
    expect(tags["IFD0:Copyright"]).toBe("Ana");
    expect(tags["IFD0:Make"]).toBe("Nikon");
  });

  it("adds ours beside a packet the scan already has, and keeps its properties", async () => {
    const packet = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:Rating>4</xmp:Rating></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    const original = await image().jpeg().withXmp(packet).toBuffer();
    const tags = exiftool(joined(original, (await spliced(original, "image/jpeg"))!), "rated.jpg");
    expect(tags["XMP-xmp:Rating"]).toBe(4);
    expect(tags["XMP-AnalogExif:Film"]).toBe("Kodak Portra 400");
  });

  it("writes a slide's source type and leaves fields without a value out", async () => {
    const original = await image().jpeg().toBuffer();
    const bare: FrameMetadata = {
      ...META,
      digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/positiveFilm",
      make: null,
      model: null,
      lensModel: null,
      fNumber: null,
      exposureTime: null,
      focalLength: null,
      exposureCompensation: null,
      takenAt: null,
      latitude: null,
      longitude: null,
      description: null,
    };
    const tags = exiftool(joined(original, (await spliced(original, "image/jpeg", bare))!), "slide.jpg");
    expect(tags["XMP-iptcExt:DigitalSourceType"]).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/positiveFilm");
    expect(tags["ExifIFD:ISO"]).toBe(400);
    for (const absent of ["IFD0:Make", "ExifIFD:FNumber", "ExifIFD:DateTimeOriginal", "GPS:GPSLatitude", "XMP-dc:Description"]) {
      expect(tags[absent]).toBeUndefined();
    }
  });

  it("leaves a file that is not what its type says, and other formats, unchanged", async () => {
    expect(await spliced(Buffer.from("not a jpeg at all"), "image/jpeg")).toBeNull();
    expect(await spliced(await image().webp().toBuffer(), "image/webp")).toBeNull();
    expect(await spliced(Buffer.from("II*\0\xff\xff\xff\x7f", "latin1"), "image/tiff")).toBeNull();
  });

  it("writes text the EXIF block cannot hold (not Latin-1) into the packet only", async () => {
    const original = await image().jpeg().toBuffer();
    const tags = exiftool(joined(original, (await spliced(original, "image/jpeg", { ...META, make: "Зенит", model: "E" }))!), "zenit.jpg");
    expect(tags["XMP-tiff:Make"]).toBe("Зенит");
    expect(tags["IFD0:Make"]).toBeUndefined();
    expect(tags["IFD0:Model"]).toBe("E");
  });
});
