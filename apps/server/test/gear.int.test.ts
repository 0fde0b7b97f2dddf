import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const fm2 = { brand: "Nikon", model: "FM2", type: "slr", format: "135", frame_size: "24x36" };
const summicron = { brand: "Leica", model: "Summicron 50", min_focal: 50, max_focal: 50, max_aperture: 2, min_aperture: 16 };

describe.each(DATABASES)("gear API on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it("adds, lists, edits and deletes a camera", async () => {
    const token = await s.token();
    const created = await s.api("/api/cameras", { method: "POST", token, body: { metadata: fm2 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Nikon FM2", metadata: fm2 });

    const list = await s.api("/api/cameras", { token });
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([created.body.id]);

    const edited = await s.api(`/api/cameras/${created.body.id}`, {
      method: "PUT",
      token,
      body: { metadata: { ...fm2, model: "FM3a" } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe("Nikon FM3a");

    expect((await s.api(`/api/cameras/${created.body.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await s.api("/api/cameras", { token })).body).toEqual([]);
  });

  it("fills the camera's defaults: 135 format and 24x36 frames", async () => {
    const token = await s.token();
    const res = await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Olympus", model: "OM-1" } } });
    expect(res.status).toBe(201);
    expect(res.body.metadata).toMatchObject({ format: "135", frame_size: "24x36" });
  });

  it("adds a lens and accepts a flat body as well as {metadata}", async () => {
    const token = await s.token();
    const res = await s.api("/api/lenses", { method: "POST", token, body: summicron });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Leica Summicron 50", metadata: summicron });
  });

  it("refuses the second piece of gear on the free plan with the spec's text", async () => {
    const token = await s.token();
    expect((await s.api("/api/cameras", { method: "POST", token, body: { metadata: fm2 } })).status).toBe(201);
    const refused = await s.api("/api/lenses", { method: "POST", token, body: { metadata: summicron } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: "gear-limit-reached", message: "Maximum gear limit reached" });
    expect((await s.api("/api/lenses", { token })).body).toEqual([]);
  });

  it("explains bad input field by field and stores nothing", async () => {
    const token = await s.token();
    const camera = await s.api("/api/cameras", {
      method: "POST",
      token,
      body: { metadata: { brand: "", model: "X", format: "120", frame_size: "24x36" } },
    });
    expect(camera.status).toBe(400);
    expect(camera.body.error).toBe("bad-request");
    expect(Object.keys(camera.body.fields)).toContain("metadata.brand");

    const frame = await s.api("/api/cameras", {
      method: "POST",
      token,
      body: { metadata: { ...fm2, format: "120", frame_size: "24x36" } },
    });
    expect(frame.status).toBe(400);
    expect(frame.body.message).toContain("frame size");

    const lens = await s.api("/api/lenses", {
      method: "POST",
      token,
      body: { ...summicron, min_focal: 80, max_focal: 50, max_aperture: 1.9 },
    });
    expect(lens.status).toBe(400);
    expect(Object.keys(lens.body.fields)).toEqual(expect.arrayContaining(["metadata.max_aperture"]));

    const notJson = await s.api("/api/cameras", { method: "POST", token, body: "[" });
    expect(notJson.status).toBe(400);
    expect((await s.api("/api/cameras", { token })).body).toEqual([]);
  });

  it("answers 404 for another user's gear and for ids that cannot exist", async () => {
    const owner = await s.token();
    const intruder = await s.token();
    const { body: camera } = await s.api("/api/cameras", { method: "POST", token: owner, body: { metadata: fm2 } });
    expect((await s.api(`/api/cameras/${camera.id}`, { method: "PUT", token: intruder, body: { metadata: fm2 } })).status).toBe(404);
    expect((await s.api(`/api/cameras/${camera.id}`, { method: "DELETE", token: intruder })).status).toBe(404);
    expect((await s.api("/api/cameras", { token: intruder })).body).toEqual([]);
    const bogus = await s.api("/api/cameras/not-a-uuid", { method: "DELETE", token: owner });
    expect(bogus.status).toBe(404);
    expect(bogus.body.error).toBe("not-found");
    expect((await s.api(`/api/lenses/${camera.id}`, { method: "DELETE", token: owner })).status).toBe(404);
    expect((await s.api("/api/cameras", { token: owner })).body).toHaveLength(1);
  });

  it("refuses a camera after a lens on the free plan: lenses and cameras count together", async () => {
    const token = await s.token();
    expect((await s.api("/api/lenses", { method: "POST", token, body: { metadata: summicron } })).status).toBe(201);
    const refused = await s.api("/api/cameras", { method: "POST", token, body: { metadata: fm2 } });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: "gear-limit-reached", message: "Maximum gear limit reached" });
    expect((await s.api("/api/cameras", { token })).body).toEqual([]);
  });

  it("accepts duplicate and trailing slashes in paths, as the same resource", async () => {
    const token = await s.token();
    const { body: camera } = await s.api("/api/cameras", { method: "POST", token, body: { metadata: fm2 } });
    const plain = await s.api("/api/cameras", { token });
    expect(plain.body).toEqual([camera]);
    for (const path of ["/api//cameras/", "/api/cameras/", "/api//cameras"]) {
      const res = await s.api(path, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(plain.body);
    }
    const one = await s.api(`/api//cameras//${camera.id}/`, { method: "PUT", token, body: { metadata: { ...fm2, model: "FM3a" } } });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: camera.id, name: "Nikon FM3a" });
    expect((await s.api("/api/cameras", { token })).body).toEqual([{ ...camera, name: "Nikon FM3a", metadata: { ...fm2, model: "FM3a" } }]);
  });

  it("finds gear by a name match on brand and model", async () => {
    const token = await s.token({ role: "user" });
    await s.api("/api/cameras", { method: "POST", token, body: { metadata: fm2 } });
    expect((await s.api("/api/cameras?q=nikon%20fm", { token })).body).toHaveLength(1);
    expect((await s.api("/api/cameras?q=canon", { token })).body).toHaveLength(0);
  });
});
