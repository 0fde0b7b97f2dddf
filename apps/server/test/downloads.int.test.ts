import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsStore } from "../src/platform/storage/fs-store.ts";
import { createS3Store } from "../src/platform/storage/s3-store.ts";
import { jpeg, photographer, roll, sha, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

describe.each(BACKENDS)("roll downloads on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("downloads the roll as a zip of its scans with their film written in, named after the roll; as stored with sidecars on request", async () => {
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
    const listing = (zipPath: string) =>
      JSON.parse(
        execFileSync("python3", [
          "-c",
          "import sys,zipfile,json,base64;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(json.dumps([[i.filename,base64.b64encode(z.read(i)).decode()] for i in z.infolist()]))",
          zipPath,
        ]).toString(),
      ).map(([name, b64]: [string, string]) => [name, Buffer.from(b64, "base64")] as const);
    const files = listing(path);
    expect(files.map(([name]: readonly [string, Buffer]) => name)).toEqual(["Summer-in-Cadaqués-01.jpg", "Summer-in-Cadaqués-02.jpg"]);
    // Each file is its scan with metadata added: the same pixels, and the roll's film in it.
    for (const [i, [, bytes]] of files.entries()) {
      expect(sha(await sharp(bytes).raw().toBuffer())).toBe(sha(await sharp(scans[i]!).raw().toBuffer()));
      expect(bytes.includes(Buffer.from(`<AnalogExif:ExposureNumber>${i + 1}<`))).toBe(true);
    }

    // As stored, with an .xmp packet beside each file, for workflows that keep metadata in sidecars.
    const sidecarZip = Buffer.from(await (await fetch(`${s.base}${manifest.zip_url}&xmp=sidecar`)).arrayBuffer());
    await writeFile(path, sidecarZip);
    const stored = listing(path);
    expect(stored.map(([name, bytes]: readonly [string, Buffer]) => [name, name.endsWith(".jpg") ? sha(bytes) : "xmp"])).toEqual([
      ["Summer-in-Cadaqués-01.jpg", sha(scans[0]!)],
      ["Summer-in-Cadaqués-01.xmp", "xmp"],
      ["Summer-in-Cadaqués-02.jpg", sha(scans[1]!)],
      ["Summer-in-Cadaqués-02.xmp", "xmp"],
    ]);
    expect(stored[3]![1].toString("utf8")).toContain("<AnalogExif:ExposureNumber>2</AnalogExif:ExposureNumber>");
    expect((await fetch(`${s.base}${manifest.zip_url.replace(/signature=[^&]+/, "signature=forged")}`)).status).toBe(403);
  });

  it("has the browser save the zip under the roll's name, spelled in UTF-8, and answers a check of the link without the zip", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "L'été (2)" } });
    await upload(s, token, film.id, 1, await jpeg(400, 300, 5));
    await waitForShots(s, token, film.id, 1);
    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    expect(manifest.name).toBe("L'été-(2).zip");
    const disposition = `attachment; filename="L'_t_-(2).zip"; filename*=UTF-8''L%27%C3%A9t%C3%A9-%282%29.zip`;

    const check = await fetch(`${s.base}${manifest.zip_url}`, { method: "HEAD" });
    expect(check.status).toBe(200);
    expect(check.headers.get("content-disposition")).toBe(disposition);
    expect(Number(check.headers.get("content-length"))).toBe(manifest.size);
    expect((await check.arrayBuffer()).byteLength).toBe(0);

    const zip = await fetch(`${s.base}${manifest.zip_url}`);
    expect(zip.headers.get("content-disposition")).toBe(disposition);
    expect((await zip.arrayBuffer()).byteLength).toBe(manifest.size);

    // A refused link says so with 403 (spec §8: the client then fetches a fresh link), to a check as to a download.
    const expired = manifest.zip_url.replace(/expires=\d+/, "expires=1000");
    expect((await fetch(`${s.base}${expired}`, { method: "HEAD" })).status).toBe(403);
    expect((await fetch(`${s.base}${expired}`)).status).toBe(403);
  });

  it("gives a scan read from the store in many chunks the CRC-32 of all its bytes in the zip", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Grain" } });
    // Noise does not compress: over 2 MiB of JPEG, read back in several chunks (the stores read 1 MiB or less at a time).
    const scan = await sharp({
      create: { width: 1800, height: 1400, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(scan.length).toBeGreaterThan(2 * 1024 * 1024);
    await upload(s, token, film.id, 1, scan);
    expect((await waitForShots(s, token, film.id, 1)).shots[0].state).toBe("done");
    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    const zip = Buffer.from(await (await fetch(`${s.base}${manifest.zip_url}`)).arrayBuffer());
    const path = join(tmpdir(), `${randomUUID()}.zip`);
    await writeFile(path, zip);
    // Python's zipfile checks each entry's bytes against the CRC-32 the zip states for it.
    const entries = JSON.parse(
      execFileSync("python3", [
        "-c",
        "import sys,zipfile,json;z=zipfile.ZipFile(sys.argv[1]);print(json.dumps({'bad':z.testzip(),'crcs':[i.CRC for i in z.infolist()]}))",
        path,
      ]).toString(),
    );
    await rm(path, { force: true });
    // The CRC the zip states is the file's as it leaves (with its metadata), not the stored scan's.
    expect(entries.bad).toBeNull();
    expect(entries.crcs).toHaveLength(1);
    expect(entries.crcs[0]).not.toBe(crc32(scan));
  });
  it("refuses a zip whose scan was deleted after its link was handed out with 409, never a complete-looking file", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Cut short" } });
    await upload(s, token, film.id, 1, await jpeg(800, 600, 3));
    await upload(s, token, film.id, 2, await jpeg(600, 800, 4));
    await waitForShots(s, token, film.id, 2);
    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    // The zip's sizes are worked out from every scan's header before the first byte: a scan gone by then is found
    // there, and the download is refused before it starts (a scan gone later cuts the transfer: zip-stream tests).
    const second = await s.latent.db
      .selectFrom("shots")
      .select("object_key")
      .where("film_id", "=", film.id)
      .where("index", "=", 2)
      .executeTakeFirstOrThrow();
    const objects = store === "s3" ? createS3Store({ ...s.latent.config.s3! }) : createFsStore(s.storeRoot);
    await objects.delete(second.object_key!);

    const res = await fetch(`${s.base}${manifest.zip_url}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe("download-changed");
  });
});
