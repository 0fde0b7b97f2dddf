import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photographer, roll } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/** Starts uploads at shots 1…`count` of a roll (no bytes sent): frames to note the exposure of. */
async function frames(s: TestServer, token: string, count: number) {
  const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
  for (let index = 1; index <= count; index++) {
    const begin = await s.api(`/api/film/shot/${film.id}/${index}/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 1000 },
    });
    expect(begin.status).toBe(200);
  }
  return film.id as string;
}

/** Issue 28: each frame's exposure, noted one by one or for many frames at once, checked and kept to its owner. */
describe.each(DATABASES)("a frame's exposure on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  const edit = (token: string, filmId: string, body: unknown) => s.api(`/api/film//shot/${filmId}`, { method: "PUT", token, body });
  const exposureOf = async (token: string, filmId: string, index: number) =>
    (await s.api(`/api/film/${filmId}`, { token })).body.shots.find((shot: { index: number }) => shot.index === index).exposure;

  it("notes a frame's aperture, speed as written, focal length, compensation, time with its zone, place, filter and note", async () => {
    const token = await photographer(s);
    const filmId = await frames(s, token, 1);
    expect(await exposureOf(token, filmId, 1)).toEqual({
      aperture: null,
      shutter: null,
      focal_length: null,
      exposure_compensation: null,
      taken_at: null,
      latitude: null,
      longitude: null,
      place: null,
      filter: null,
      note: null,
    });
    const exposure = {
      aperture: 8,
      shutter: "125",
      focal_length: 50,
      exposure_compensation: -0.7,
      taken_at: "2026-08-14T19:32:00+02:00",
      latitude: 41.9831,
      longitude: 2.8249,
      place: "Girona",
      filter: "Yellow K2",
      note: "Backlit, metered for the shadows",
    };
    const res = await edit(token, filmId, { index: 1, exposure });
    expect(res.status).toBe(200);
    // The speed is kept as photographers write it; the time keeps its own zone.
    expect(res.body[0].exposure).toEqual({ ...exposure, shutter: "1/125" });
    expect(await exposureOf(token, filmId, 1)).toEqual({ ...exposure, shutter: "1/125" });
  });

  it("changes only the fields sent, and clears one sent as null", async () => {
    const token = await photographer(s);
    const filmId = await frames(s, token, 1);
    await edit(token, filmId, { index: 1, exposure: { aperture: 5.6, shutter: "1/60", note: "first" } });
    await edit(token, filmId, { index: 1, exposure: { aperture: 11, note: null } });
    expect(await exposureOf(token, filmId, 1)).toMatchObject({ aperture: 11, shutter: "1/60", note: null });
  });

  it("sets the same aperture, lens length and date on many frames at once", async () => {
    const token = await photographer(s);
    const filmId = await frames(s, token, 3);
    const same = { aperture: 16, focal_length: 35, taken_at: "2026-08-15T10:00:00-04:00" };
    const res = await edit(token, filmId, { shots: [1, 2, 3].map((index) => ({ index, exposure: same })) });
    expect(res.status).toBe(200);
    for (const index of [1, 2, 3]) expect(await exposureOf(token, filmId, index)).toMatchObject(same);
  });

  it("refuses values past the limits with the field and what is expected, and saves nothing of the request", async () => {
    const token = await photographer(s);
    const filmId = await frames(s, token, 2);
    await edit(token, filmId, { index: 1, exposure: { aperture: 8 } });
    for (const [exposure, field, message] of [
      [{ aperture: 0.6 }, "aperture", "Enter an aperture between f/0.7 and f/128"],
      [{ aperture: 129 }, "aperture", "Enter an aperture between f/0.7 and f/128"],
      [{ shutter: "1/20000" }, "shutter", 'Enter a shutter speed between 1/16000 and 24 hours, such as 1/125, 2" or B'],
      [{ focal_length: 2001 }, "focal_length", "Enter a focal length between 1 and 2000 mm"],
      [{ taken_at: "2026-08-14T19:32:00" }, "taken_at", "Enter a date and time with its time zone, such as 2026-11-27T14:03+01:00"],
      [{ latitude: 91 }, "latitude", "Enter a latitude between -90 and 90"],
    ] as const) {
      const res = await edit(token, filmId, {
        shots: [
          { index: 2, exposure: { aperture: 4 } },
          { index: 1, exposure },
        ],
      });
      expect(res.status, JSON.stringify(exposure)).toBe(400);
      expect(res.body.error).toBe("bad-request");
      expect(Object.entries(res.body.fields)).toContainEqual([`shots.1.exposure.${field}`, message]);
    }
    expect((await exposureOf(token, filmId, 1)).aperture).toBe(8);
    expect((await exposureOf(token, filmId, 2)).aperture).toBeNull();
    // The limits themselves are taken.
    expect((await edit(token, filmId, { index: 2, exposure: { aperture: 0.7, shutter: "1/16000", focal_length: 2000 } })).status).toBe(200);
    expect((await edit(token, filmId, { index: 2, exposure: { aperture: 128, shutter: "B", focal_length: 1 } })).status).toBe(200);
  });

  it("reads a NOSSAFLEX-style file name at upload into the frame's exposure, and nothing from another name", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    for (const [index, file_name] of [
      [3, "NO03_SS250_A8_FL80_EX-0.7.jpg"],
      [4, "scan-04.jpg"],
    ] as const) {
      const begin = await s.api(`/api/film/shot/${film.id}/${index}/upload`, {
        method: "POST",
        token,
        body: { content_type: "image/jpeg", content_length: 1000, file_name },
      });
      expect(begin.status).toBe(200);
    }
    expect(await exposureOf(token, film.id, 3)).toMatchObject({
      shutter: "1/250",
      aperture: 8,
      focal_length: 80,
      exposure_compensation: -0.7,
    });
    expect(await exposureOf(token, film.id, 4)).toMatchObject({ shutter: null, aperture: null, focal_length: null });
  });

  it("lets nobody else note or read a frame's exposure", async () => {
    const owner = await photographer(s);
    const filmId = await frames(s, owner, 1);
    await edit(owner, filmId, { index: 1, exposure: { note: "mine" } });
    const stranger = await photographer(s);
    expect((await edit(stranger, filmId, { index: 1, exposure: { note: "theirs" } })).status).toBe(404);
    expect((await s.api(`/api/film/${filmId}`, { token: stranger })).status).toBe(404);
    expect((await exposureOf(owner, filmId, 1)).note).toBe("mine");
  });
});
