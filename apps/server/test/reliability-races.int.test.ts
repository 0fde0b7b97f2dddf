import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { PLANS } from "@latent/domain/plans";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, bigTiff, expectSentBytesKept, halfSent, jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * Races a crowd makes (issue 16, "a reliability suite the project owns"), beyond those hardening.int.test.ts
 * (upload starts on one index, a roll deleted during a start, a chunk of a replaced upload) and
 * entitlements.int.test.ts (creates sent at once against a plan's limit) already hold: chunks streaming while their
 * roll goes, an upload's last chunks arriving together, share links made at once or while their roll goes, creates
 * racing deletes at a plan's limit, one order claimed twice at once, one sticker linked to two rolls at once.
 */

describe.each(DATABASES)("races on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  /** Staging folders of the filesystem store's multipart uploads, and stored files under a roll. */
  const staged = () => readdir(join(s.storeRoot, ".uploads")).catch(() => [] as string[]);
  const storedUnder = (filmId: string) => readdir(join(s.storeRoot, "films", filmId), { recursive: true }).catch(() => [] as string[]);
  const newRoll = async (token: string) => {
    const res = await s.api("/api/film", { method: "POST", token, body: roll });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const begin = async (token: string, filmId: string, index: number, bytes: Buffer, type = "image/jpeg") => {
    const res = await s.api(`/api/film/shot/${filmId}/${index}/upload`, {
      method: "POST",
      token,
      body: { content_type: type, content_length: bytes.length, file_name: `scan-${index}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { upload_id: string; urls: string[]; max_upload_size: number };
  };

  it("answers the chunks of a roll deleted while they stream 404, and leaves nothing staged or stored", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(token);
    const scans = await Promise.all([1, 2, 3].map((seed) => jpeg(900, 700, seed)));
    const uploads = await Promise.all(scans.map((bytes, i) => begin(token, filmId, i + 1, bytes)));
    const inFlight = await Promise.all(uploads.map((u, i) => halfSent(s, u.urls[0]!, token, scans[i]!)));

    const removed = await s.api(`/api/film/${filmId}`, { method: "DELETE", token });
    expect(removed.status).toBe(204);
    const chunks = await Promise.all(inFlight.map((c) => c.finish().catch((err: Error) => ({ status: 0, body: err.message }))));
    for (const chunk of chunks) {
      // 0: the server closed the connection after answering early, which a client sees as a failed send.
      expect([0, 404, 409], JSON.stringify(chunk)).toContain(chunk.status);
      if (chunk.status) expect(chunk.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    // Sent again, the chunk finds nothing to add to.
    const again = await fetch(`${s.base}${uploads[0]!.urls[0]}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(scans[0]!),
    });
    expect(again.status).toBe(404);
    expect((await s.api(`/api/film/${filmId}`, { token })).status).toBe(404);
    for (const u of uploads) expect((await s.api(`/api/uploads/${u.upload_id}`, { token })).status).toBe(404);
    const mine = new Set(
      (await s.latent.db.selectFrom("uploads").select("store_upload_id").where("completed_at", "is", null).execute()).map(
        (u) => u.store_upload_id,
      ),
    );
    expect((await staged()).filter((folder) => !mine.has(folder))).toEqual([]);
    expect(await storedUnder(filmId)).toEqual([]);
  });

  it("completes an upload once when its last chunks arrive together, sent twice each, and keeps the bytes sent", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(token);
    const tiff = await bigTiff();
    const u = await begin(token, filmId, 1, tiff, "image/tiff");
    expect(u.urls).toHaveLength(2);
    const part = (n: number) => tiff.subarray((n - 1) * u.max_upload_size, n * u.max_upload_size);
    const sent = await Promise.all(
      [1, 2, 1, 2].map((n) =>
        fetch(`${s.base}${u.urls[n - 1]}`, {
          method: "PUT",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
          body: new Uint8Array(part(n)),
        }).then(async (res): Promise<Answer> => ({ status: res.status, body: await res.json() })),
      ),
    );
    for (const res of sent) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
    expect(sent.some((res) => res.status === 200 && res.body.complete)).toBe(true);
    const film = await waitForShots(s, token, filmId, 1);
    expect(film.shots).toHaveLength(1);
    expect(film.shots[0]).toMatchObject({ index: 1, state: "done", size: tiff.length });
    const original = Buffer.from(await (await fetch(`${s.base}${film.shots[0].version.url}`)).arrayBuffer());
    expectSentBytesKept(original, tiff);
    expect((await s.api(`/api/uploads/${u.upload_id}`, { token })).body).toMatchObject({ complete: true, missing: [] });
    const rows = await s.latent.db.selectFrom("uploads").select("store_upload_id").where("id", "=", u.upload_id).execute();
    expect((await staged()).filter((folder) => rows.some((r) => r.store_upload_id === folder))).toEqual([]);
  });

  it("makes every share link asked for at once, each with its own code that opens the roll", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(token);
    await upload(s, token, filmId, 1, await jpeg(320, 240));
    await waitForShots(s, token, filmId, 1);
    const shares = await Promise.all(
      Array.from({ length: 10 }, () => s.api(`/api/film/${filmId}/share?expiration=30`, { method: "POST", token })),
    );
    for (const share of shares) expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(new Set(shares.map((x) => x.body.code)).size).toBe(10);
    expect(new Set(shares.map((x) => x.body.id)).size).toBe(10);
    const listed = (await s.api(`/api/film/${filmId}/shares`, { token })).body;
    expect(listed.map((l: { id: string }) => l.id).sort()).toEqual(shares.map((x) => x.body.id).sort());
    const opened = await Promise.all(
      shares.map((x) => s.api("/api/public/film?refresh=1", { headers: { authorization: `Bearer ${x.body.code}` } })),
    );
    for (const open of opened) expect([open.status, open.body.id]).toEqual([200, filmId]);
  });

  it("answers share links asked for while their roll is deleted 200 or 404, and keeps none of them", async () => {
    const token = await photographer(s);
    for (let round = 0; round < 8; round++) {
      const filmId = await newRoll(token);
      const [removed, ...shares] = await Promise.all([
        s.api(`/api/film/${filmId}`, { method: "DELETE", token }),
        ...Array.from({ length: 6 }, () => s.api(`/api/film/${filmId}/share`, { method: "POST", token })),
      ]);
      expect(removed.status).toBe(204);
      for (const share of shares) {
        expect([200, 404], JSON.stringify(share.body)).toContain(share.status);
        if (share.status === 200) {
          const open = await s.api("/api/public/film", { headers: { authorization: `Bearer ${share.body.code}` } });
          expect(open.status, JSON.stringify(open.body)).toBe(401);
        }
      }
      expect(await s.latent.db.selectFrom("share_links").select("id").where("film_id", "=", filmId).execute()).toEqual([]);
    }
  });

  it("never holds more rolls or gear than the free plan allows while some are deleted and others created at once", async () => {
    const token = await photographer(s);
    const rolls = await Promise.all(Array.from({ length: PLANS.free.maxFilms }, () => newRoll(token)));
    const [gone, ...created] = await Promise.all([
      s.api(`/api/film/${rolls[0]}`, { method: "DELETE", token }),
      ...Array.from({ length: 8 }, () => s.api("/api/film", { method: "POST", token, body: roll })),
    ]);
    expect(gone.status).toBe(204);
    for (const res of created) expect([201, 422], JSON.stringify(res.body)).toContain(res.status);
    expect(created.filter((r) => r.status === 201).length).toBeLessThanOrEqual(1);
    expect((await s.api("/api/film", { token })).body.length).toBeLessThanOrEqual(PLANS.free.maxFilms);

    const camera = await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Nikon", model: "F3" } } });
    expect(camera.status).toBe(201);
    const [dropped, ...added] = await Promise.all([
      s.api(`/api/cameras/${camera.body.id}`, { method: "DELETE", token }),
      ...Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Canon", model: `AE-${i}` } } })
          : s.api("/api/lenses", {
              method: "POST",
              token,
              body: { metadata: { brand: "Zeiss", model: `Planar ${i}`, min_focal: 50, max_focal: 50, max_aperture: 1.4 } },
            }),
      ),
    ]);
    expect(dropped.status).toBe(204);
    for (const res of added) expect([201, 422], JSON.stringify(res.body)).toContain(res.status);
    const held = (await s.api("/api/cameras", { token })).body.length + (await s.api("/api/lenses", { token })).body.length;
    expect(held).toBeLessThanOrEqual(PLANS.free.maxGear);
  });

  it("gives an order's rolls to its customer once when the claim is sent several times at once", async () => {
    const lab = await s.token({ role: "lab" });
    const sub = randomUUID();
    const email = `${sub}@example.com`;
    const customer = await s.token({ sub, email });
    await s.api("/api/user/privacy-policy", { method: "POST", token: customer });
    const order = await s.api("/api/orders", {
      method: "POST",
      token: lab,
      body: { reference: "#12", user_name: "Ana García", user_email: email },
    });
    expect(order.status).toBe(201);
    const film = await s.api(`/api/orders/${order.body.id}/films`, { method: "POST", token: lab, body: roll });
    expect(film.status).toBe(201);
    const { code } = (await s.api(`/api/orders/${order.body.id}/share`, { method: "POST", token: lab })).body;
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => s.api("/api/orders/claim", { method: "POST", token: customer, body: { code } })),
    );
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    for (const c of claims.filter((c) => c.status !== 200)) {
      expect(c.status, JSON.stringify(c.body)).toBe(409);
      expect(c.body.error).toBe("order-already-added");
    }
    const mine = (await s.api("/api/film", { token: customer })).body;
    expect(mine.map((f: { id: string }) => f.id)).toEqual([film.body.id]);
  });

  it("renames a roll while its frames are kept and edited at once, every request answered 200, none lost to a deadlock", async () => {
    const token = await photographer(s);
    const filmId = await newRoll(token);
    for (let index = 1; index <= 4; index++) await upload(s, token, filmId, index, await jpeg(64, 48, index));
    await waitForShots(s, token, filmId, 4);
    // A rename refreshes the roll's search row, then its frames'; a keep or an edit refreshes a frame's, then the
    // roll's. Sent together, each waits for the other's locks unless both take them in one order.
    const answers: Answer[] = [];
    for (let round = 0; round < 12; round++) {
      answers.push(
        ...(await Promise.all([
          s.api(`/api/film/${filmId}`, { method: "PUT", token, body: { ...roll, name: `Rename ${round}` } }),
          s.api(`/api/film/shot/${filmId}`, { method: "PUT", token, body: { index: 1, kept: round % 2 === 0 } }),
          s.api(`/api/film/shot/${filmId}`, { method: "PUT", token, body: { index: 2, note: `Note ${round}` } }),
          s.api(`/api/film/${filmId}`, { method: "PUT", token, body: { ...roll, name: `Rename ${round}b` } }),
          s.api(`/api/film/shot/${filmId}`, { method: "PUT", token, body: { index: 3, kept: round % 2 === 1 } }),
        ])),
      );
    }
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body])).toEqual([]);
    const search = await s.api(`/api/film/search?q=${encodeURIComponent("Rename 11b")}`, { token });
    expect(search.status).toBe(200);
  });

  it("links a sticker to one roll only when two links race, and a roll to one sticker only", async () => {
    const sub = randomUUID();
    const token = await s.token({ sub, email: `${sub}@example.com` });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    await s.api("/api/user", {
      method: "PUT",
      token,
      body: { shipping: { line1: "Carrer de Mallorca 401", city: "Barcelona", postal_code: "08013", country: "ES" } },
    });
    const shipment = await s.api("/api/shipping", { method: "POST", token, body: { items: [{ item_id: "pack-24", quantity: 1 }] } });
    expect(shipment.status).toBe(201);
    await s.latent.services.stickers.mint(s.latent.db, sub, shipment.body.id, 2);
    const [first, second] = ((await s.api("/api/stickers", { token })).body as { sticker_hash: string }[]).map((x) => x.sticker_hash);
    const [a, b] = [await newRoll(token), await newRoll(token)];
    const link = (sticker: string, filmId: string) =>
      s.api("/api/film/link", { method: "PUT", token, body: { sticker_hash: sticker, film_id: filmId } });

    const oneSticker = await Promise.all([link(first!, a), link(first!, b)]);
    expect(oneSticker.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(oneSticker.find((r) => r.status === 409)!.body.error).toBe("sticker-linked-elsewhere");
    const holders = (await s.api("/api/film", { token })).body.filter((f: { sticker_hash: string | null }) => f.sticker_hash === first);
    expect(holders).toHaveLength(1);

    const other = holders[0].id === a ? b : a;
    await s.api("/api/film/unlink", { method: "PUT", token, body: { film_id: holders[0].id } });
    const oneRoll = await Promise.all([link(first!, other), link(second!, other)]);
    expect(oneRoll.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await s.api(`/api/film/${other}`, { token })).body.sticker_hash).toBe(oneRoll.find((r) => r.status === 200)!.body.sticker_hash);
  });
});
