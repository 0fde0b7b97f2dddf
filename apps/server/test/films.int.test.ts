import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, putChunk, roll, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

describe.each(BACKENDS)("rolls on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("asks for the privacy policy before the first roll, then registers it with the format's exposures", async () => {
    const token = await s.token();
    const refused = await s.api("/api/film", { method: "POST", token, body: roll });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("privacy-policy-required");
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    const created = await s.api("/api/film/", { method: "POST", token, body: roll });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...roll, n_exp: 36, shot_count: 0, shots: [] });
  });

  it("refuses a fourth roll on the free plan with the spec's text", async () => {
    const token = await photographer(s);
    for (let i = 0; i < 3; i++)
      expect((await s.api("/api/film", { method: "POST", token, body: { ...roll, name: `r${i}` } })).status).toBe(201);
    const fourth = await s.api("/api/film", { method: "POST", token, body: roll });
    expect(fourth.status).toBe(422);
    expect(fourth.body).toEqual({ error: "films-capacity-reached", message: "Maximum films capacity reached" });
    expect((await s.api("/api/user", { token })).body.usage.films).toBe(3);
  });

  it("answers an invalid roll with 422 invalid-new-film and the reason", async () => {
    const token = await photographer(s);
    const bad = await s.api("/api/film", { method: "POST", token, body: { ...roll, format: "35mm" } });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe("invalid-new-film");
    expect(bad.body.message).toContain("format");
    const tooMany = await s.api("/api/film", { method: "POST", token, body: { ...roll, format: "120", n_exp: 60 } });
    expect(tooMany.status).toBe(422);
    const foreignCamera = await s.api("/api/film", { method: "POST", token, body: { ...roll, camera_id: randomUUID() } });
    expect(foreignCamera.status).toBe(422);
    expect((await s.api("/api/film", { token })).body).toEqual([]);
  });

  it("lists rolls newest first and finds them by name, brand or model, format, process and year", async () => {
    const token = await photographer(s);
    await s.api("/api/film", {
      method: "POST",
      token,
      body: { ...roll, name: "Alps", brand: "Ilford", model: "HP5 Plus", process: "B/N", year: 2025 },
    });
    await s.api("/api/film", { method: "POST", token, body: { ...roll, name: "Coast", format: "120" } });
    const all = (await s.api("/api/film", { token })).body.map((f: { name: string }) => f.name);
    expect(all).toEqual(["Coast", "Alps"]);
    expect((await s.api("/api/film?search=hp5", { token })).body.map((f: { name: string }) => f.name)).toEqual(["Alps"]);
    expect((await s.api("/api/film?search=kodak%20portra", { token })).body).toHaveLength(1);
    expect((await s.api("/api/film?format=120", { token })).body.map((f: { name: string }) => f.name)).toEqual(["Coast"]);
    expect((await s.api("/api/film?process=B%2FN&year=2025", { token })).body).toHaveLength(1);
    expect((await s.api("/api/film?year=1999", { token })).body).toEqual([]);
  });

  it("edits and deletes a roll, its scans and their files", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await upload(s, token, film.id, 1, await jpeg(300, 300));
    await waitForShots(s, token, film.id, 1);
    const stored = async () => (await readdir(s.storeRoot, { recursive: true })).filter((p) => p.includes(film.id));
    expect((await stored()).length).toBeGreaterThan(0);
    const edited = await s.api(`/api/film/${film.id}`, { method: "PUT", token, body: { push_pull: 2, name: "Pushed" } });
    expect(edited.body).toMatchObject({ push_pull: 2, name: "Pushed", brand: "Kodak" });
    expect((await s.api(`/api/film/${film.id}`, { method: "PUT", token, body: { push_pull: 9 } })).status).toBe(422);
    expect((await s.api(`/api/film/${film.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await s.api(`/api/film/${film.id}`, { token })).status).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it("answers 404 to another user on every roll and shot route", async () => {
    const owner = await photographer(s);
    const intruder = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token: owner, body: roll });
    await upload(s, owner, film.id, 1, await jpeg(200, 200));
    const begin = await s.api(`/api/film/shot/${film.id}/2/upload`, {
      method: "POST",
      token: owner,
      body: { content_type: "image/jpeg", content_length: 100 },
    });
    const attempts = [
      s.api(`/api/film/${film.id}`, { token: intruder }),
      s.api(`/api/film/${film.id}`, { method: "PUT", token: intruder, body: { name: "mine" } }),
      s.api(`/api/film/${film.id}`, { method: "DELETE", token: intruder }),
      s.api(`/api/film/${film.id}/download`, { token: intruder }),
      s.api(`/api/film/${film.id}/share`, { method: "POST", token: intruder }),
      s.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token: intruder }),
      s.api(`/api/film/shot/${film.id}/3/upload`, {
        method: "POST",
        token: intruder,
        body: { content_type: "image/jpeg", content_length: 10 },
      }),
      s.api(`/api/film//shot/${film.id}`, { method: "PUT", token: intruder, body: { index: 1, kept: true } }),
      s.api(`/api/film/shot/${film.id}/1`, { method: "DELETE", token: intruder }),
      putChunk(s, begin.body.urls[0], intruder, Buffer.alloc(100)),
      s.api("/api/film/not-a-uuid", { token: intruder }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await s.api("/api/film", { token: intruder })).body).toEqual([]);
    expect((await s.api(`/api/film/${film.id}`, { token: owner })).body.shots).toHaveLength(2);
  });
});
