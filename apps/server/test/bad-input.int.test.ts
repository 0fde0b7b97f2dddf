import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness.ts";

/** Whatever a client sends, the answer is a 4xx with {error, message}: never a 500, never an HTML stack. */
describe("bad input on every route", () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer("pglite");
    token = await s.token();
    await s.api("/api/user/privacy-policy", { method: "POST", token });
  });
  afterAll(() => s?.close());

  const garbage: unknown[] = [
    null,
    42,
    "text",
    [],
    [1, 2],
    { metadata: null },
    { metadata: [] },
    { index: "x", kept: "yes" },
    { a: { b: { c: 1 } } },
  ];
  const routes: [string, string][] = [
    ["PUT", "/api/user"],
    ["POST", "/api/cameras"],
    ["PUT", "/api/cameras/00000000-0000-0000-0000-000000000000"],
    ["POST", "/api/lenses"],
    ["PUT", "/api/lenses/%00"],
    ["POST", "/api/film"],
    ["PUT", "/api/film/00000000-0000-0000-0000-000000000000"],
    ["PUT", "/api/film/shot/not-a-film"],
    ["POST", "/api/film/shot/not-a-film/1/upload"],
    ["POST", "/api/film/shot/00000000-0000-0000-0000-000000000000/abc/upload"],
    ["POST", "/api/film/00000000-0000-0000-0000-000000000000/share?expiration=-5"],
    ["PUT", "/api/uploads/not-an-upload/1"],
    ["PUT", "/api/uploads/00000000-0000-0000-0000-000000000000/99999999999"],
    ["DELETE", "/api/film/shot/x/y"],
    ["GET", "/api/film?year=soon&format=35mm"],
    ["GET", "/api/public/film"],
    ["GET", "/api/static/states/123"],
    ["POST", "/contact"],
    ["POST", "/newsletter"],
    ["POST", "/beta"],
  ];

  it.each(routes)("%s %s answers a 4xx with a message", async (method, path) => {
    for (const body of garbage) {
      // A profile update ignores fields it does not know: an object of unknown fields is a valid empty update.
      if (path === "/api/user" && body !== null && typeof body === "object" && !Array.isArray(body)) continue;
      const res = await s.api(path, { method, token, body: method === "GET" ? undefined : body });
      expect(res.status, `${method} ${path} with ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} with ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it("answers a malformed JSON body and a wrong content type with 4xx", async () => {
    for (const [type, payload] of [
      ["application/json", "{not json"],
      ["text/plain", "hello"],
      ["application/xml", "<a/>"],
    ]) {
      const res = await fetch(`${s.base}/api/cameras`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": type! },
        body: payload,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("refuses a NUL byte or a lone surrogate in any text with one clear 400, and stores nothing", async () => {
    const nul = "Nik\u0000on";
    const surrogate = "Nik\uD800on";
    const roll = { name: "Roll", brand: "Kodak", model: "Portra 400", iso: 400, format: "135", process: "C-41", push_pull: 0 };
    const attempts = [
      s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: nul, model: "F3" } } }),
      s.api("/api/lenses", {
        method: "POST",
        token,
        body: { metadata: { brand: "Leica", model: surrogate, min_focal: 50, max_focal: 50, max_aperture: 2, min_aperture: 16 } },
      }),
      s.api("/api/film", { method: "POST", token, body: { ...roll, name: nul } }),
      s.api("/api/film", { method: "POST", token, body: { ...roll, scanner: surrogate } }),
      s.api("/api/film?search=a%00b", { token }),
      s.api("/api/user", { method: "PUT", token, body: { nickname: nul } }),
      s.api("/api/contact", { method: "POST", body: { [nul]: "x" } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("bad-request");
      expect(res.body.message).toMatch(/NUL or unpaired surrogate/);
    }
    expect((await s.api("/api/cameras", { token })).body).toEqual([]);
    expect((await s.api("/api/film", { token })).body).toEqual([]);
    // A whole pair is one character, not a lone surrogate: an emoji is fine.
    expect((await s.api("/api/user", { method: "PUT", token, body: { nickname: "Ana 📷" } })).body.nickname).toBe("Ana 📷");
  });
});
