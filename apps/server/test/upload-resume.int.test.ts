import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bigTiff, expectSentBytesKept, jpeg, photographer, putChunk, roll, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

const MINUTE = 60_000;

describe.each(BACKENDS)("resuming and failing uploads on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  /** Files of the roll, and unfinished parts in the store's staging folder (fs: .uploads/, s3rver: ._S3rver_uploads/). */
  async function storedFilesOf(filmId: string) {
    const files = await readdir(s.storeRoot, { recursive: true }).catch(() => []);
    const found: string[] = [];
    for (const p of files) {
      const staged = /(^|\/)\.(_S3rver_)?uploads\/./.test(p);
      if ((p.includes(filmId) || staged) && (await stat(join(s.storeRoot, p))).isFile()) found.push(p);
    }
    return found;
  }

  it("tells what a half-sent upload holds, and a reloaded page finishes it at the same shot by sending only the rest", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const tiff = await bigTiff();
    const begin = await s.api(`/api/film/shot/${film.id}/4/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length, file_name: "roll-04.tif" },
    });
    const size = begin.body.max_upload_size as number;
    expect((await putChunk(s, begin.body.urls[0], token, tiff.subarray(0, size))).body).toMatchObject({ received: 1, complete: false });

    // The page is reloaded: all it kept is the upload's id.
    const status = await s.api(`/api/uploads/${begin.body.upload_id}`, { token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      upload_id: begin.body.upload_id,
      film_id: film.id,
      index: 4,
      file_name: "roll-04.tif",
      content_type: "image/tiff",
      content_length: tiff.length,
      max_upload_size: size,
      urls: begin.body.urls,
      received: [1],
      missing: [2],
      complete: false,
    });
    // A page that kept nothing finds it from the roll.
    const unfinished = await s.api(`/api/film/${film.id}/uploads`, { token });
    expect(unfinished.body).toEqual([status.body]);

    for (const part of status.body.missing as number[]) {
      const res = await putChunk(s, status.body.urls[part - 1], token, tiff.subarray((part - 1) * size, part * size));
      expect(res.status).toBe(200);
    }
    const done = await waitForShots(s, token, film.id, 1);
    expect(done.shots).toHaveLength(1);
    expect(done.shots[0]).toMatchObject({ index: 4, state: "done", error_code: null, size: tiff.length });
    const original = Buffer.from(await (await fetch(`${s.base}${done.shots[0].version.url}`)).arrayBuffer());
    expectSentBytesKept(original, tiff);
    expect((await s.api(`/api/uploads/${begin.body.upload_id}`, { token })).body).toMatchObject({ complete: true, missing: [] });
    expect((await s.api(`/api/film/${film.id}/uploads`, { token })).body).toEqual([]);
  });

  it("shows an upload only to its owner", async () => {
    const token = await photographer(s);
    const stranger = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const begin = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 1000 },
    });
    expect((await s.api(`/api/uploads/${begin.body.upload_id}`, { token: stranger })).status).toBe(404);
    expect((await s.api(`/api/film/${film.id}/uploads`, { token: stranger })).status).toBe(404);
    expect((await s.api("/api/uploads/not-an-id", { token })).status).toBe(404);
    expect((await s.api(`/api/uploads/${begin.body.upload_id}`)).status).toBe(401);
  });

  it("fails an upload without news for the configured time with its reason, drops its parts, and Retry reuses its shot", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const tiff = await bigTiff();
    const begin = await s.api(`/api/film/shot/${film.id}/2/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length, file_name: "roll-02.tif" },
    });
    const size = begin.body.max_upload_size as number;
    await putChunk(s, begin.body.urls[0], token, tiff.subarray(0, size));

    // 29 minutes without a part is not yet stalled (the default is 30).
    expect(await s.latent.uploads.failStalled(Date.now() + 29 * MINUTE)).toBe(0);
    expect((await s.api(`/api/film/${film.id}`, { token })).body.shots[0].state).toBe("uploading");

    expect(await s.latent.uploads.failStalled(Date.now() + 31 * MINUTE)).toBeGreaterThanOrEqual(1);
    const failed = (await s.api(`/api/film/${film.id}`, { token })).body;
    expect(failed.shots).toHaveLength(1);
    expect(failed.shots[0]).toMatchObject({
      index: 2,
      state: "error",
      error_code: "upload-stalled",
      error_message: "The upload stopped: no part of the file arrived for too long",
      // Nothing was stored, so the failed shot holds none of the plan's space.
      size: 0,
    });
    expect(failed.shot_count).toBe(0);
    expect(await storedFilesOf(film.id)).toEqual([]);
    expect((await s.api(`/api/uploads/${begin.body.upload_id}`, { token })).status).toBe(404);
    expect((await putChunk(s, begin.body.urls[1], token, tiff.subarray(size))).status).toBe(404);

    // Retry: the same file again goes to the same shot, which it replaces.
    const scan = await jpeg(640, 480, 3);
    await upload(s, token, film.id, 2, scan);
    const retried = await waitForShots(s, token, film.id, 1);
    expect(retried.shots).toHaveLength(1);
    expect(retried.shots[0]).toMatchObject({ index: 2, state: "done", error_code: null, error_message: null });
    expect(retried.shot_count).toBe(1);
  });

  it("gives a shot that is not an image, or cannot be read, the code of its failure", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const text = Buffer.from("Dear lab, please push this roll one stop.\n".repeat(30));
    const begin = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: text.length, file_name: "notes.jpg" },
    });
    expect((await putChunk(s, begin.body.urls[0], token, text)).body.error).toBe("unsupported-file-type");
    const damaged = (await jpeg(800, 600, 4)).subarray(0, 600);
    await upload(s, token, film.id, 2, damaged);
    const after = await waitForShots(s, token, film.id, 2);
    expect(after.shots.map((x: { index: number; state: string; error_code: string }) => [x.index, x.state, x.error_code])).toEqual([
      [1, "error", "unsupported-file-type"],
      [2, "error", "image-damaged"],
    ]);
  });

  it("counts only a roll's finished shots, and leaves failed ones out of its zip", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const scans = [await jpeg(800, 600, 5), await jpeg(600, 800, 6), await jpeg(700, 700, 7)];
    for (const [i, scan] of scans.entries()) await upload(s, token, film.id, i + 1, scan);
    await upload(s, token, film.id, 4, (await jpeg(800, 600, 8)).subarray(0, 600));
    const detail = await waitForShots(s, token, film.id, 4);
    expect(detail.shots.map((x: { state: string }) => x.state)).toEqual(["done", "done", "done", "error"]);
    expect(detail.shot_count).toBe(3);
    const listed = (await s.api("/api/film", { token })).body.find((f: { id: string }) => f.id === film.id);
    expect(listed.shot_count).toBe(3);

    const manifest = (await s.api(`/api/film/${film.id}/download`, { token })).body;
    expect(manifest.files).toHaveLength(3);
    const zip = Buffer.from(await (await fetch(`${s.base}${manifest.zip_url}`)).arrayBuffer());
    const path = join(tmpdir(), `${randomUUID()}.zip`);
    await writeFile(path, zip);
    const names = JSON.parse(
      execFileSync("python3", [
        "-c",
        "import sys,zipfile,json;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(json.dumps(z.namelist()))",
        path,
      ]).toString(),
    );
    expect(names).toEqual(["Summer-in-Cadaqués-01.jpg", "Summer-in-Cadaqués-02.jpg", "Summer-in-Cadaqués-03.jpg"]);
  });
});
