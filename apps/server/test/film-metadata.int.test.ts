import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsStore } from "../src/platform/storage/fs-store.ts";
import { createS3Store } from "../src/platform/storage/s3-store.ts";
import { photographer, roll, sha, tiff16, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";
import { labWithOrder } from "./order-fixtures.ts";
import { ADDRESS } from "./shop-fixtures.ts";

type Tags = Record<string, unknown>;

/** Every file of a zip as exiftool reads it (-n: numbers as numbers), by file name. */
async function zipTags(zip: Buffer): Promise<{ tags: Map<string, Tags>; files: Map<string, Buffer> }> {
  const dir = await mkdtemp(join(tmpdir(), "latent-zip-"));
  await writeFile(join(dir, "roll.zip"), zip);
  execFileSync("unzip", ["-q", join(dir, "roll.zip"), "-d", join(dir, "out")]);
  const read = JSON.parse(execFileSync("exiftool", ["-j", "-n", "-G1", "-a", "-r", join(dir, "out")], { encoding: "utf8" })) as Tags[];
  const tags = new Map(read.map((t) => [String(t["System:FileName"]), t]));
  const files = new Map<string, Buffer>();
  for (const name of tags.keys()) files.set(name, await readFile(join(dir, "out", name)));
  return { tags, files };
}

const pixels = async (bytes: Buffer) => sha(await sharp(bytes).raw().toBuffer());

const scanJpeg = (seed: number) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: seed * 30, g: 90, b: 160 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "EPSON", Model: "Perfection V600", Software: "EPSON Scan" } })
    .toBuffer();

describe.each(BACKENDS)("scans that leave with their film on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("writes the roll's film and each frame's camera, lens and exposure into every file of the roll's zip, pixels unchanged", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub, email: `${sub}@example.com` });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    // A camera and a lens: more gear than the free plan holds.
    await s.latent.services.entitlements.setPlan(sub, "artist");
    const camera = await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Nikon", model: "FM2" } } });
    expect(camera.status).toBe(201);
    const lens = await s.api("/api/lenses", {
      method: "POST",
      token,
      body: { metadata: { brand: "Nikon", model: "AI-S 50mm f/1.4", min_focal: 50, max_focal: 50, max_aperture: 1.4 } },
    });
    expect(lens.status).toBe(201);
    const { body: film } = await s.api("/api/film", {
      method: "POST",
      token,
      body: {
        ...roll,
        name: "Lisboa",
        brand: "Ilford",
        model: "HP5 Plus",
        iso: 400,
        process: "B/N",
        push_pull: 1,
        camera_id: camera.body.id,
        lens_id: lens.body.id,
        scanner: "Epson Perfection V600",
      },
    });
    const scans = [await scanJpeg(1), tiff16(90, 60, 2, kind === "pglite"), await scanJpeg(3)];
    await upload(s, token, film.id, 1, scans[0]!);
    await upload(s, token, film.id, 2, scans[1]!, "image/tiff");
    await upload(s, token, film.id, 3, scans[2]!);
    await waitForShots(s, token, film.id, 3);
    const edit = await s.api(`/api/film//shot/${film.id}`, {
      method: "PUT",
      token,
      body: {
        index: 3,
        exposure: {
          aperture: 8,
          shutter: "1/125",
          focal_length: 50,
          taken_at: "2026-04-12T19:41:00+01:00",
          latitude: 38.7139,
          longitude: -9.1335,
          note: "Tram 28",
        },
      },
    });
    expect(edit.status).toBe(200);

    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    const res = await fetch(`${s.base}${manifest.zip_url}`);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(zip.length);
    expect(zip.length).toBe(manifest.size);
    const { tags, files } = await zipTags(zip);
    expect([...tags.keys()].sort()).toEqual(["Lisboa-01.jpg", "Lisboa-02.tif", "Lisboa-03.jpg"]);

    for (const [i, name] of ["Lisboa-01.jpg", "Lisboa-02.tif", "Lisboa-03.jpg"].entries()) {
      const t = tags.get(name)!;
      expect(await pixels(files.get(name)!)).toBe(await pixels(scans[i]!));
      expect(t["XMP-AnalogExif:ExposureNumber"]).toBe(i + 1);
      expect(t["XMP-AnalogExif:Film"]).toBe("Ilford HP5 Plus");
      expect(t["XMP-AnalogExif:FilmMaker"]).toBe("Ilford");
      expect(t["XMP-AnalogExif:FilmType"]).toBe("Black and White");
      expect(String(t["XMP-AnalogExif:FilmFormat"])).toBe("135");
      expect(t["XMP-AnalogExif:DevelopProcess"]).toBe("B&W push +1");
      expect(t["XMP-AnalogExif:ScannerMaker"]).toBe("Epson");
      expect(t["XMP-AnalogExif:Scanner"]).toBe("Perfection V600");
      expect(t["XMP-iptcExt:DigitalSourceType"]).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/negativeFilm");
      expect(t["XMP-dc:Title"]).toBe("Lisboa");
      expect(t["IFD0:Make"]).toBe("Nikon");
      expect(t["IFD0:Model"]).toBe("FM2");
      expect(t["ExifIFD:LensModel"]).toBe("Nikon AI-S 50mm f/1.4");
      expect(t["ExifIFD:ISO"]).toBe(400);
      expect(t["ExifIFD:ExposureIndex"]).toBe(800);
    }
    // What the scanner software wrote stays.
    expect(tags.get("Lisboa-01.jpg")!["IFD0:Software"]).toBe("EPSON Scan");
    expect(tags.get("Lisboa-02.tif")!["IFD0:BitsPerSample"]).toBe("16 16 16");
    expect(tags.get("Lisboa-02.tif")!["File:ExifByteOrder"]).toBe(kind === "pglite" ? "MM" : "II");
    const third = tags.get("Lisboa-03.jpg")!;
    expect(third["ExifIFD:FNumber"]).toBe(8);
    expect(third["ExifIFD:ExposureTime"]).toBeCloseTo(1 / 125, 6);
    expect(third["ExifIFD:FocalLength"]).toBe(50);
    expect(third["ExifIFD:DateTimeOriginal"]).toBe("2026:04:12 19:41:00");
    expect(third["ExifIFD:OffsetTimeOriginal"]).toBe("+01:00");
    expect(third["Composite:GPSLongitude"]).toBeCloseTo(-9.1335, 4);
    expect(third["XMP-dc:Description"]).toBe("Tram 28");
    expect(tags.get("Lisboa-01.jpg")!["ExifIFD:FNumber"]).toBeUndefined();

    // The stored originals are untouched.
    const objects = store === "s3" ? createS3Store({ ...s.latent.config.s3! }) : createFsStore(s.storeRoot);
    const rows = await s.latent.db
      .selectFrom("shots")
      .select(["index", "object_key"])
      .where("film_id", "=", film.id)
      .orderBy("index")
      .execute();
    for (const row of rows) {
      const stored = await objects.get(row.object_key);
      expect(sha(Buffer.concat(await stored!.body.toArray()))).toBe(sha(scans[row.index - 1]!));
    }

    // A single original, as the lightbox's download gives it, carries the same.
    const detail = (await s.api(`/api/film/${film.id}`, { token })).body;
    const single = await fetch(`${s.base}${detail.shots.find((x: { index: number }) => x.index === 3).version.url}`);
    const bytes = Buffer.from(await single.arrayBuffer());
    expect(Number(single.headers.get("content-length"))).toBe(bytes.length);
    // Its metadata follows the roll's rows, so a browser asks again rather than reuse a stale copy.
    expect(single.headers.get("cache-control")).toBe("private, no-cache");
    expect(bytes.equals(files.get("Lisboa-03.jpg")!)).toBe(true);
  });

  it("writes the same into a shared roll's zip, and a slide film's scans say positive film", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", {
      method: "POST",
      token,
      body: { ...roll, name: "Velvia", brand: "Fujifilm", model: "Velvia 50", iso: 50, process: "E-6" },
    });
    await upload(s, token, film.id, 1, await scanJpeg(2));
    await waitForShots(s, token, film.id, 1);
    const share = await s.api(`/api/film/${film.id}/share?expiration=5`, { method: "POST", token });
    const manifest = await s.api("/api/public/film/download", { headers: { authorization: `Bearer ${share.body.code}` } });
    const res = await fetch(`${s.base}${manifest.body.zip_url}`);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.length).toBe(manifest.body.size);
    const t = (await zipTags(zip)).tags.get("Velvia-01.jpg")!;
    expect(t["XMP-AnalogExif:Film"]).toBe("Fujifilm Velvia 50");
    expect(t["XMP-AnalogExif:FilmType"]).toBe("Slide");
    expect(t["XMP-iptcExt:DigitalSourceType"]).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/positiveFilm");
    expect(t["ExifIFD:ISO"]).toBe(50);
  });

  it("sends a format it cannot write into (WebP) as stored, with its metadata in an .xmp file beside it", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Mixed" } });
    const webp = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#468" } })
      .webp()
      .toBuffer();
    await upload(s, token, film.id, 1, webp, "image/webp");
    await upload(s, token, film.id, 2, await scanJpeg(4));
    await waitForShots(s, token, film.id, 2);
    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    const zip = Buffer.from(await (await fetch(`${s.base}${manifest.zip_url}`)).arrayBuffer());
    expect(zip.length).toBe(manifest.size);
    const { tags, files } = await zipTags(zip);
    expect([...files.keys()].sort()).toEqual(["Mixed-01.webp", "Mixed-01.xmp", "Mixed-02.jpg"]);
    expect(sha(files.get("Mixed-01.webp")!)).toBe(sha(webp));
    expect(tags.get("Mixed-01.xmp")!["XMP-AnalogExif:ExposureNumber"]).toBe(1);
    expect(tags.get("Mixed-01.xmp")!["XMP-AnalogExif:Film"]).toBe("Kodak Portra 400");
    expect(tags.get("Mixed-02.jpg")!["XMP-AnalogExif:ExposureNumber"]).toBe(2);
  });

  it("fills a roll's empty scanner from what its first scan's EXIF names, and keeps one the photographer set", async () => {
    const token = await photographer(s);
    const { body: bare } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "No scanner" } });
    const { body: set } = await s.api("/api/film", {
      method: "POST",
      token,
      body: { ...roll, name: "Lab scanned", scanner: "Noritsu HS-1800" },
    });
    for (const film of [bare, set]) {
      await upload(s, token, film.id, 1, await scanJpeg(5));
      await waitForShots(s, token, film.id, 1);
    }
    expect((await s.api(`/api/film/${bare.id}`, { token })).body.scanner).toBe("EPSON Perfection V600");
    expect((await s.api(`/api/film/${set.id}`, { token })).body.scanner).toBe("Noritsu HS-1800");
  });

  it("writes the short id of the sticker on the roll's canister into its files, and the lab a customer's roll came from", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Stickered" } });
    await upload(s, token, film.id, 1, await scanJpeg(6));
    await waitForShots(s, token, film.id, 1);
    await s.latent.db.updateTable("films").set({ from_lab_name: "Foto Ramblas" }).where("id", "=", film.id).execute();
    expect((await s.api("/api/user", { method: "PUT", token, body: { shipping: ADDRESS } })).status).toBe(200);
    const shipment = await s.api("/api/shipping", { method: "POST", token, body: { items: [{ item_id: "pack-24", quantity: 1 }] } });
    await s.latent.services.stickers.mint(s.latent.db, sub, shipment.body.id, 1);
    const [sticker] = (await s.api("/api/stickers", { token })).body;
    expect(
      (await s.api("/api/film/link", { method: "PUT", token, body: { sticker_hash: sticker.sticker_hash, film_id: film.id } })).status,
    ).toBe(200);

    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    const zip = Buffer.from(await (await fetch(`${s.base}${manifest.zip_url}`)).arrayBuffer());
    expect(zip.length).toBe(manifest.size);
    const t = (await zipTags(zip)).tags.get("Stickered-01.jpg")!;
    expect(t["XMP-AnalogExif:RollId"]).toBe(sticker.short_id);
    expect(t["XMP-AnalogExif:Lab"]).toBe("Foto Ramblas");
  });

  it("names the lab in a lab order's files, through the customer's link", async () => {
    const lab = await labWithOrder(s, { name: "Carmencita Film Lab", webpage: "", location: "Valencia" }, `${randomUUID()}@example.com`);
    const sent = await lab.send();
    const code = sent.body.code as string;
    const opened = await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } });
    const filmId = opened.body.films[0].id as string;
    const manifest = await s.api(`/api/public/order/download/${filmId}`, { headers: { authorization: `Bearer ${code}` } });
    const zip = Buffer.from(await (await fetch(`${s.base}${manifest.body.zip_url}`)).arrayBuffer());
    expect(zip.length).toBe(manifest.body.size);
    const [t] = [...(await zipTags(zip)).tags.values()];
    expect(t!["XMP-AnalogExif:Lab"]).toBe("Carmencita Film Lab");
    expect(t!["XMP-AnalogExif:ExposureNumber"]).toBe(1);
  });
});
