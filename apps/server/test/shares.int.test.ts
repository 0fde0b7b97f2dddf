import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { BACKENDS, startServer, type TestServer } from "./harness.ts";

describe.each(BACKENDS)("shared rolls on %s with the %s store", (kind, store) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, {}, { store });
  });
  afterAll(() => s?.close());

  it("shares a roll with anyone holding the code until it expires", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    await upload(s, token, film.id, 1, await jpeg(500, 500));
    await waitForShots(s, token, film.id, 1);
    const share = await s.api(`/api/film/${film.id}/share?expiration=5`, { method: "POST", token });
    expect(share.status).toBe(200);
    expect(share.body.code.length).toBeGreaterThanOrEqual(43);
    const shared = await s.api("/api/public/film", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id: film.id, brand: "Kodak", shots: [{ index: 1, state: "done" }] });
    const expires = Number(new URL(shared.body.shots[0].version.url, s.base).searchParams.get("expires"));
    expect(expires * 1000).toBeLessThanOrEqual(Date.parse(share.body.expires_at) + 1000);
    const manifest = await s.api("/api/public/film/download", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(manifest.body.files).toHaveLength(1);

    expect((await s.api("/api/public/film", { headers: { authorization: "Bearer not-a-code" } })).status).toBe(401);
    expect((await s.api("/api/public/film")).status).toBe(401);
    await s.latent.db
      .updateTable("share_links")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("film_id", "=", film.id)
      .execute();
    const expired = await s.api("/api/public/film", { headers: { authorization: `Bearer ${share.body.code}` } });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "share-expired", message: "The link has expired" });
  });
});
