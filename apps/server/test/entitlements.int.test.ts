import { PLANS } from "@latent/domain/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photographer, roll } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const AT_ONCE = 20;
const fm2 = { brand: "Nikon", model: "FM2", type: "slr", format: "135", frame_size: "24x36" };
const summicron = { brand: "Leica", model: "Summicron 50", min_focal: 50, max_focal: 50, max_aperture: 2, min_aperture: 16 };
const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

describe.each(DATABASES)("plan limits under concurrent requests on %s", (kind) => {
  let s: TestServer;
  // Scans of 1.6 GB: three fit in the free plan's 5 GB, a fourth does not.
  const scanBytes = 1_600_000_000;
  beforeAll(async () => {
    s = await startServer(kind, { UPLOAD_MAX_BYTES: String(2 * 1024 ** 3) });
  });
  afterAll(async () => s?.close());

  it(`lets exactly 3 of ${AT_ONCE} uploads started at once take the space the plan has for 3`, async () => {
    expect(3 * scanBytes).toBeLessThanOrEqual(PLANS.free.maxStorageBytes);
    expect(4 * scanBytes).toBeGreaterThan(PLANS.free.maxStorageBytes);
    const token = await photographer(s);
    const film = await s.api("/api/film", { method: "POST", token, body: roll });
    const starts = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        s.api(`/api/film/shot/${film.body.id}/${i + 1}/upload`, {
          method: "POST",
          token,
          body: { content_type: "image/tiff", content_length: scanBytes },
        }),
      ),
    );
    expect(statuses(starts)).toEqual([...Array(3).fill(200), ...Array(AT_ONCE - 3).fill(400)]);
    for (const refused of starts.filter((r) => r.status === 400)) expect(refused.body.error).toBe("not-enough-space");
    // Refused starts leave no shot behind.
    expect((await s.api(`/api/film/${film.body.id}`, { token })).body.shots).toHaveLength(3);
  });

  it("refuses the 26th upload start of 200 MiB on the free plan's 5 GiB with not-enough-space, before any byte is sent", async () => {
    const scan = 200 * 1024 ** 2;
    expect(25 * scan).toBeLessThanOrEqual(PLANS.free.maxStorageBytes);
    expect(26 * scan).toBeGreaterThan(PLANS.free.maxStorageBytes);
    const token = await photographer(s);
    const film = await s.api("/api/film", { method: "POST", token, body: roll });
    const start = (index: number) =>
      s.api(`/api/film/shot/${film.body.id}/${index}/upload`, {
        method: "POST",
        token,
        body: { content_type: "image/tiff", content_length: scan },
      });
    for (let index = 1; index <= 25; index++) expect((await start(index)).status).toBe(200);
    const refused = await start(26);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: "not-enough-space" });
    expect((await s.api(`/api/film/${film.body.id}`, { token })).body.shots).toHaveLength(25);
    // Starting again at a shot already started counts its new size in place of the old one: it fits.
    expect((await start(25)).status).toBe(200);
  });

  it(`registers exactly the free plan's ${PLANS.free.maxFilms} rolls of ${AT_ONCE} sent at once`, async () => {
    const token = await photographer(s);
    const created = await Promise.all(Array.from({ length: AT_ONCE }, () => s.api("/api/film", { method: "POST", token, body: roll })));
    expect(statuses(created)).toEqual([...Array(PLANS.free.maxFilms).fill(201), ...Array(AT_ONCE - PLANS.free.maxFilms).fill(422)]);
    expect((await s.api("/api/film", { token })).body).toHaveLength(PLANS.free.maxFilms);
    expect((await s.api("/api/user", { token })).body.usage.films).toBe(PLANS.free.maxFilms);
  });

  it(`adds exactly the free plan's ${PLANS.free.maxGear} piece of gear of ${AT_ONCE} sent at once`, async () => {
    const token = await s.token();
    const created = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        s.api(i % 2 ? "/api/cameras" : "/api/lenses", {
          method: "POST",
          token,
          body: { metadata: i % 2 ? fm2 : summicron },
        }),
      ),
    );
    expect(statuses(created)).toEqual([...Array(PLANS.free.maxGear).fill(201), ...Array(AT_ONCE - PLANS.free.maxGear).fill(422)]);
    for (const refused of created.filter((r) => r.status !== 201)) expect(refused.body.error).toBe("gear-limit-reached");
  });
});
