import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/frame-logs/${name}`, import.meta.url), "utf8");

interface Preview {
  format: string;
  rolls: { name: string | null; film_stock: string | null; iso: number | null; camera: string | null; frames: number }[];
  frames: { frame: number; exposure: Record<string, unknown>; lens: string | null }[];
  pairs: { frame: number; index: number }[];
  unmatched_frames: number[];
  unmatched_shots: number[];
  reasons: string[];
  needs_review: boolean;
}

/** Issue 28: a frame log from a logging app, read and paired with a roll's scans, written only once confirmed. */
describe.each(DATABASES)("importing a frame log on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  /** A roll of the caller's with `count` finished scans at shots 1…count. */
  async function scannedRoll(token: string, count: number) {
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    for (let index = 1; index <= count; index++) await upload(s, token, film.id, index, await jpeg(48, 32, index));
    await waitForShots(s, token, film.id, count);
    return film.id as string;
  }
  const preview = (token: string, filmId: string, body: object) =>
    s.api(`/api/film/${filmId}/frame-log`, { method: "POST", token, body: { time_zone: "Europe/Madrid", ...body } });
  const apply = (token: string, filmId: string, pairs: object[]) =>
    s.api(`/api/film/${filmId}/frame-log/apply`, { method: "POST", token, body: { pairs } });
  const exposures = async (token: string, filmId: string) =>
    Object.fromEntries(
      (await s.api(`/api/film/${filmId}`, { token })).body.shots.map((shot: { index: number; exposure: object }) => [
        shot.index,
        shot.exposure,
      ]),
    ) as Record<number, Record<string, unknown>>;
  /** Confirms every proposed pair with the exposure the log gave its frame. */
  const confirmAll = (p: Preview) =>
    p.pairs.map(({ frame, index }) => ({ frame, index, exposure: p.frames.find((f) => f.frame === frame)!.exposure }));

  it("reads an Exif Notes JSON log, proposes frame n for shot n with its exposure, and writes nothing", async () => {
    const token = await photographer(s);
    const filmId = await scannedRoll(token, 5);
    const res = await preview(token, filmId, { file_name: "Girona_summer.json", text: fixture("exif-notes.json") });
    expect(res.status).toBe(200);
    const p = res.body as Preview;
    expect(p.format).toBe("exif-notes-json");
    expect(p.rolls).toEqual([{ name: "Girona, summer", film_stock: "Kodak Portra 400", iso: 400, camera: "Nikon FM2", frames: 5 }]);
    expect(p.pairs).toEqual([1, 2, 3, 4, 5].map((n) => ({ frame: n, index: n })));
    expect(p).toMatchObject({ unmatched_frames: [], unmatched_shots: [], reasons: [], needs_review: false });
    expect(p.frames[2]).toEqual({
      frame: 3,
      camera: null,
      lens: "Voigtländer Color Skopar 35mm f/2.5",
      exposure: {
        aperture: 8,
        shutter: "1/125",
        focal_length: 35,
        exposure_compensation: -0.7,
        // The app writes the camera's local time; the photographer's zone gives it its offset.
        taken_at: "2026-08-14T10:02:05+02:00",
        note: "Cathedral steps, backlit",
      },
    });
    expect(p.frames[3]!.exposure).toMatchObject({ shutter: '2"', aperture: 2.8 });
    expect(p.frames[4]!.exposure).toMatchObject({ shutter: "B" });
    expect(Object.values(await exposures(token, filmId)).every((e) => e.aperture === null && e.shutter === null)).toBe(true);
  });

  it("writes the confirmed pairs' exposure into their shots", async () => {
    const token = await photographer(s);
    const filmId = await scannedRoll(token, 5);
    const p = (await preview(token, filmId, { file_name: "roll.json", text: fixture("exif-notes.json") })).body as Preview;
    const res = await apply(token, filmId, confirmAll(p));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(5);
    const saved = await exposures(token, filmId);
    expect(saved[3]).toMatchObject({ aperture: 8, shutter: "1/125", focal_length: 35, taken_at: "2026-08-14T10:02:05+02:00" });
    expect(saved[1]).toMatchObject({
      aperture: 11,
      shutter: "1/250",
      latitude: 41.9831,
      longitude: 2.8249,
      place: "Pont de les Peixateries Velles, Girona",
    });
    expect(saved[2]).toMatchObject({ exposure_compensation: 0.3, filter: "B+W 022 Yellow" });
    expect(saved[5]).toMatchObject({ shutter: "B", aperture: null });
  });

  it("reads the same roll from Exif Notes' CSV export", async () => {
    const token = await photographer(s);
    const filmId = await scannedRoll(token, 5);
    const p = (await preview(token, filmId, { file_name: "Girona_summer.csv", text: fixture("exif-notes.csv") })).body as Preview;
    expect(p.format).toBe("exif-notes-csv");
    expect(p.rolls[0]).toMatchObject({ film_stock: "Kodak Portra 400", iso: 400, camera: "Nikon FM2" });
    expect(p.pairs.map((x) => [x.frame, x.index])).toEqual([1, 2, 3, 4, 5].map((n) => [n, n]));
    expect(p.frames[0]!.exposure).toMatchObject({ latitude: 41.9831, longitude: 2.8249, place: "Pont de les Peixateries Velles, Girona" });
    expect(p.frames[2]!.exposure).toMatchObject({ aperture: 8, shutter: "1/125", taken_at: "2026-08-14T10:02:00+02:00" });
    expect(p.frames[3]!.exposure).toMatchObject({ aperture: 2.8, shutter: '2"', note: "Tripod on the wall" });
  });

  it("reads the chosen roll of a Film Rolls library export", async () => {
    const token = await photographer(s);
    const filmId = await scannedRoll(token, 5);
    const p = (await preview(token, filmId, { file_name: "export.xml", text: fixture("film-rolls.xml"), roll: 1 })).body as Preview;
    expect(p.format).toBe("film-rolls-xml");
    expect(p.rolls.map((r) => [r.name, r.film_stock, r.iso, r.frames])).toEqual([
      ["A0012", "Ilford Delta 100", 100, 1],
      ["B0107", "Kodak Tri-X 400", 400, 5],
    ]);
    expect(p.needs_review).toBe(false);
    expect(p.frames[0]!.exposure).toMatchObject({
      aperture: 16,
      shutter: "1/500",
      filter: "Yellow filter",
      note: "Gamla stan & the bridge",
    });
    expect(p.frames[1]!.exposure).toEqual({
      aperture: 11,
      shutter: "1/250",
      exposure_compensation: 0.3,
      taken_at: "2019-07-17T09:14:51+02:00",
    });
    expect(p.frames[3]!.exposure).toMatchObject({ shutter: '2"' });
    // Aperture and shutter priority leave the value the camera chose unknown.
    expect(p.frames[4]!.exposure).toEqual({ latitude: 59.33, longitude: 18.07 });
    const first = await preview(token, filmId, { file_name: "export.xml", text: fixture("film-rolls.xml") });
    expect(first.body.pairs).toEqual([{ frame: 1, index: 1 }]);
    expect(first.body.unmatched_shots).toEqual([2, 3, 4, 5]);
    expect(first.body.needs_review).toBe(true);
  });

  it("reads a Lightme export", async () => {
    const token = await photographer(s);
    const filmId = await scannedRoll(token, 5);
    const p = (await preview(token, filmId, { file_name: "A0020.json", text: fixture("lightme.json"), time_zone: "Europe/Stockholm" }))
      .body as Preview;
    expect(p.format).toBe("lightme-json");
    expect(p.rolls).toEqual([{ name: "A0020", film_stock: "Ilford SFX 200", iso: 200, camera: "Bessa R2M (Voigtländer)", frames: 5 }]);
    expect(p.pairs).toHaveLength(5);
    expect(p.frames[3]!.exposure).toMatchObject({
      aperture: 2.5,
      shutter: "1/2",
      focal_length: 35,
      note: "Dusk",
      taken_at: "2022-04-30T20:03:10+02:00",
    });
  });

  it("calls out a log with more frames than scans, writes nothing, then writes only the pairs as confirmed", async () => {
    const token = await photographer(s);
    const filmId = await scannedRoll(token, 4);
    const p = (await preview(token, filmId, { file_name: "roll.json", text: fixture("exif-notes.json") })).body as Preview;
    expect(p.needs_review).toBe(true);
    expect(p.reasons).toEqual(["counts-differ", "unmatched"]);
    expect(p.unmatched_frames).toEqual([5]);
    expect(p.pairs.map((x) => x.index)).toEqual([1, 2, 3, 4]);
    expect(Object.values(await exposures(token, filmId)).every((e) => e.shutter === null)).toBe(true);
    // The photographer puts frame 5 on shot 2 instead of frame 2, and confirms the rest.
    const frame5 = p.frames.find((f) => f.frame === 5)!;
    const res = await apply(token, filmId, [
      ...confirmAll(p).filter((x) => x.frame !== 2),
      { frame: 5, index: 2, exposure: frame5.exposure },
    ]);
    expect(res.status).toBe(200);
    const saved = await exposures(token, filmId);
    expect(saved[2]).toMatchObject({ shutter: "B", aperture: null, exposure_compensation: null });
    expect(saved[3]).toMatchObject({ aperture: 8, shutter: "1/125" });
  });

  it("keeps another photographer's roll out of reach: 404 to read a log against it or to write into it", async () => {
    const owner = await photographer(s);
    const other = await photographer(s);
    const filmId = await scannedRoll(owner, 3);
    const text = fixture("exif-notes.json");
    const read = await preview(other, filmId, { file_name: "roll.json", text });
    expect(read.status).toBe(404);
    const write = await apply(other, filmId, [{ frame: 1, index: 1, exposure: { aperture: 2 } }]);
    expect(write.status).toBe(404);
    expect((await exposures(owner, filmId))[1]!.aperture).toBeNull();
    expect((await apply(owner, filmId, [{ frame: 9, index: 9, exposure: { aperture: 2 } }])).status).toBe(404);
  });

  it("refuses a file that is not a log with 400 and says why, and one past 2 MB", async () => {
    const token = await photographer(s);
    const filmId = await scannedRoll(token, 1);
    const garbage = await preview(token, filmId, { file_name: "holiday.txt", text: "Dear diary, today I shot a roll." });
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toBe("frame-log-unreadable");
    expect(garbage.body.message).toMatch(/^This file is not a frame log Latent can read/);
    const cut = await preview(token, filmId, { file_name: "roll.json", text: fixture("exif-notes.json").slice(0, 300) });
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe("The JSON in this file is cut short or not valid");
    const big = await preview(token, filmId, { file_name: "big.csv", text: "x".repeat(2 * 1024 * 1024 + 1) });
    expect(big.status).toBe(400);
    expect(big.body.fields).toEqual({ text: "The file is larger than 2 MB" });
    const huge = await preview(token, filmId, { file_name: "huge.csv", text: "x".repeat(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const twice = await apply(token, filmId, [
      { frame: 1, index: 1, exposure: { aperture: 2 } },
      { frame: 2, index: 1, exposure: { aperture: 4 } },
    ]);
    expect(twice.status).toBe(400);
    expect((await exposures(token, filmId))[1]!.aperture).toBeNull();
  });
});
