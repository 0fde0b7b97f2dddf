import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, sha, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

describe.each(BACKENDS)("roll downloads on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("downloads the roll as a zip holding exactly its scans, named after the roll", async () => {
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
    const listing = JSON.parse(
      execFileSync("python3", [
        "-c",
        "import sys,zipfile,json,hashlib;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(json.dumps([[i.filename,hashlib.sha256(z.read(i)).hexdigest()] for i in z.infolist()]))",
        path,
      ]).toString(),
    );
    expect(listing).toEqual([
      ["Summer-in-Cadaqués-01.jpg", sha(scans[0]!)],
      ["Summer-in-Cadaqués-02.jpg", sha(scans[1]!)],
    ]);
    expect((await fetch(`${s.base}${manifest.zip_url.replace(/signature=[^&]+/, "signature=forged")}`)).status).toBe(404);
  });
});
