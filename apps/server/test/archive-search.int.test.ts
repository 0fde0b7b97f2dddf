import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { labWithOrder } from "./order-fixtures.ts";

type Params = Record<string, string | number | boolean>;
const query = (params: Params) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** Issue 29: one search box and filters over a photographer's whole archive, and the frames in it. */
describe.each(DATABASES)("searching the archive on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  /** A photographer with a long archive: the largest plan, so neither rolls nor gear run out. */
  const archivist = async () => {
    const sub = randomUUID();
    const token = await s.token({ sub });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    await s.latent.services.entitlements.setPlan(sub, "unlimited");
    return token;
  };
  const newRoll = async (token: string, fields: Record<string, unknown> = {}) => {
    const res = await s.api("/api/film", { method: "POST", token, body: { ...roll, ...fields } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  /** Changes columns the API of another feature owns (the roll's life, its sticker, its lab) straight in the database. */
  const setRoll = (id: string, values: Record<string, unknown>) =>
    s.latent.db
      .updateTable("films")
      .set(values as never)
      .where("id", "=", id)
      .execute();
  /** Frames 1…count of a roll (uploads begun, no bytes sent): notes and exposures can be written on them. */
  const frames = async (token: string, filmId: string, count: number) => {
    for (let index = 1; index <= count; index++) {
      const begin = await s.api(`/api/film/shot/${filmId}/${index}/upload`, {
        method: "POST",
        token,
        body: { content_type: "image/jpeg", content_length: 1000 },
      });
      expect(begin.status).toBe(200);
    }
  };
  const editShot = async (token: string, filmId: string, index: number, body: Record<string, unknown>) => {
    const res = await s.api(`/api/film//shot/${filmId}`, { method: "PUT", token, body: { index, ...body } });
    expect(res.status).toBe(200);
  };
  const camera = async (token: string, brand: string, model: string) =>
    (await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand, model } } })).body.id as string;
  const lens = async (token: string, brand: string, model: string) => {
    const res = await s.api("/api/lenses", {
      method: "POST",
      token,
      body: { metadata: { brand, model, min_focal: 50, max_focal: 50, max_aperture: 1.8 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const lab = async (name: string) => {
    const sub = randomUUID();
    const token = await s.token({ sub, role: "lab" });
    expect((await s.api("/api/labs", { method: "PUT", token, body: { name, webpage: "", location: "Girona" } })).status).toBe(200);
    return { id: sub, token };
  };
  const search = (token: string, params: Params = {}) => s.api(`/api/film/search?${query(params)}`, { token });
  const found = async (token: string, params: Params = {}) => {
    const res = await search(token, params);
    expect(res.status).toBe(200);
    return (res.body.items as { id: string }[]).map((film) => film.id);
  };
  /** Every page of a search, following `next`, with `between` run after each page. */
  const allPages = async (token: string, params: Params, between: (page: number) => Promise<void> = async () => {}) => {
    const ids: string[] = [];
    let after: string | null = null;
    for (let page = 1; page < 50; page++) {
      const res = await search(token, { ...params, ...(after ? { after } : {}) });
      expect(res.status).toBe(200);
      ids.push(...res.body.items.map((film: { id: string }) => film.id));
      after = res.body.next;
      if (!after) return ids;
      await between(page);
    }
    throw new Error("no last page");
  };

  it("finds a roll by its name, stock, camera, lens, scanner, lab, storage place and frame notes, ignoring capitals and accents", async () => {
    const token = await archivist();
    const girona = await lab("Foto Lab Girona");
    const orderLab = await labWithOrder(s, { name: "Carmencita Film Lab", webpage: "", location: "València" });
    const om1 = await camera(token, "Olympus", "OM-1");
    const zuiko = await lens(token, "Zuiko", "Auto-S");
    const target = await newRoll(token, {
      name: "Vacances a Cadaqués",
      brand: "Kodak",
      model: "ÉKTAR 100",
      scanner: "Nikon Coolscan",
      camera_id: om1,
      lens_id: zuiko,
    });
    await setRoll(target, {
      storage_location: "Binder 3 / page 12",
      from_lab_name: "Revelatum Barcelona",
      sent_lab_id: girona.id,
      lab_order_id: orderLab.orderId,
    });
    await frames(token, target, 2);
    await editShot(token, target, 2, { exposure: { note: "Café amb llet a l'Escala" } });
    const other = await newRoll(token, { name: "Portra test", brand: "Kodak", model: "Portra 400" });

    for (const q of [
      "cadaques", // name, accents off
      "VACANCES",
      "Ektar", // stock: "Ektar" finds "ÉKTAR"
      "kodak ekt", // every word, each a prefix
      "olympus om", // camera
      "zuiko", // lens
      "coolscan", // scanner
      "revelatum", // the lab the roll came from
      "girona", // the lab it was sent to
      "carmencita", // the lab of the order it was received into
      "binder", // storage place
      "cafe", // a frame's note: "cafe" finds "Café"
      "ESCALA",
    ]) {
      expect(await found(token, { q }), q).toEqual([target]);
    }
    expect(await found(token, { q: "kodak" })).toEqual([other, target]);
    // Every word must match: one word of each roll finds neither.
    expect(await found(token, { q: "ektar portra" })).toEqual([]);
    // Punctuation alone asks for no word.
    expect(await found(token, { q: "  ¿!  " })).toEqual([other, target]);
  });

  it("follows renamed gear and labs, changed notes and frames deleted, whichever feature changed them", async () => {
    const token = await archivist();
    const nikon = await camera(token, "Nikon", "FM2");
    const girona = await lab("Foto Lab Girona");
    const id = await newRoll(token, { camera_id: nikon, name: "Roll" });
    await setRoll(id, { sent_lab_id: girona.id });
    await frames(token, id, 1);
    await editShot(token, id, 1, { exposure: { note: "Tramuntana" } });
    expect(await found(token, { q: "fm2" })).toEqual([id]);

    await s.api(`/api/cameras/${nikon}`, { method: "PUT", token, body: { metadata: { brand: "Nikon", model: "F3" } } });
    expect(await found(token, { q: "fm2" })).toEqual([]);
    expect(await found(token, { q: "nikon f3" })).toEqual([id]);

    await s.api("/api/labs", { method: "PUT", token: girona.token, body: { name: "Laboratori Empordà", webpage: "", location: "" } });
    expect(await found(token, { q: "girona" })).toEqual([]);
    expect(await found(token, { q: "emporda" })).toEqual([id]);

    await editShot(token, id, 1, { exposure: { note: "Garbí" } });
    expect(await found(token, { q: "tramuntana" })).toEqual([]);
    expect(await found(token, { q: "garbi" })).toEqual([id]);

    expect((await s.api(`/api/film/shot/${id}/1`, { method: "DELETE", token })).status).toBe(204);
    expect(await found(token, { q: "garbi" })).toEqual([]);

    expect((await s.api(`/api/cameras/${nikon}`, { method: "DELETE", token })).status).toBe(204);
    expect(await found(token, { q: "nikon" })).toEqual([]);
  });

  it("filters by status, format, process, EI range, year, month, camera, lens, lab, sticker and kept frames", async () => {
    const token = await archivist();
    const leica = await camera(token, "Leica", "M6");
    const summicron = await lens(token, "Leica", "Summicron");
    const bw = await newRoll(token, { brand: "Ilford", model: "HP5", iso: 400, push_pull: 2, process: "B/N", year: 2019, month: 3 });
    const color = await newRoll(token, { iso: 640, push_pull: 1, format: "120", year: 2021, month: 11, camera_id: leica });
    const slide = await newRoll(token, { brand: "Fujifilm", model: "Velvia 50", iso: 50, process: "E-6", year: 2021, month: 3 });
    const labRoll = await lab("Foto Ruiz");
    await setRoll(bw, { status: "developed", sticker_hash: `search-test-${randomUUID()}` });
    await setRoll(color, { status: "archived", from_lab_id: labRoll.id });
    await frames(token, slide, 2);
    // The slide roll was shot with the Summicron on one frame only: the roll counts as shot with it.
    await editShot(token, slide, 2, { lens_id: summicron });

    const all = [slide, color, bw];
    expect(await found(token)).toEqual(all);
    expect(await found(token, { status: "developed" })).toEqual([bw]);
    expect(await found(token, { format: "120" })).toEqual([color]);
    expect(await found(token, { process: "E-6" })).toEqual([slide]);
    // EI: ISO 400 pushed two stops is 1600; ISO 640 pushed one is 1250 (the third-stop scale's name for 1280).
    expect(await found(token, { ei_min: 1600 })).toEqual([bw]);
    expect(await found(token, { ei_min: 1250, ei_max: 1250 })).toEqual([color]);
    expect(await found(token, { ei_max: 50 })).toEqual([slide]);
    expect(await found(token, { ei_min: 51, ei_max: 1249 })).toEqual([]);
    expect(await found(token, { year: 2021 })).toEqual([slide, color]);
    expect(await found(token, { month: 3 })).toEqual([slide, bw]);
    expect(await found(token, { year: 2021, month: 3 })).toEqual([slide]);
    expect(await found(token, { camera_id: leica })).toEqual([color]);
    expect(await found(token, { lens_id: summicron })).toEqual([slide]);
    expect(await found(token, { camera_id: "not-a-camera" })).toEqual([]);
    expect(await found(token, { lab_id: labRoll.id })).toEqual([color]);
    expect(await found(token, { has_sticker: true })).toEqual([bw]);
    expect(await found(token, { has_sticker: "false" })).toEqual([slide, color]);

    expect(await found(token, { has_kept: true })).toEqual([]);
    await editShot(token, slide, 1, { kept: true });
    expect(await found(token, { has_kept: "1" })).toEqual([slide]);
    expect(await found(token, { has_kept: "0" })).toEqual([color, bw]);
    await editShot(token, slide, 1, { kept: false });
    expect(await found(token, { has_kept: true })).toEqual([]);
  });

  it("finds a roll by the lab of the order it was received into, and by the lab it was sent to", async () => {
    const token = await archivist();
    const orderLab = await labWithOrder(s, { name: "Carmencita Film Lab", webpage: "", location: "València" });
    const sentTo = await lab("Foto Ruiz");
    const received = await newRoll(token);
    const sent = await newRoll(token);
    await newRoll(token);
    await setRoll(received, { lab_order_id: orderLab.orderId });
    await setRoll(sent, { sent_lab_id: sentTo.id });
    expect(await found(token, { lab_id: orderLab.sub })).toEqual([received]);
    expect(await found(token, { lab_id: sentTo.id })).toEqual([sent]);
  });

  it("sorts by date shot (newest first, undated last), by date added (newest first) and by name (A to Z)", async () => {
    const token = await archivist();
    const undated = await newRoll(token, { name: "beta", year: undefined, month: undefined });
    const march = await newRoll(token, { name: "Zeta", year: 2024, month: 3 });
    const yearOnly = await newRoll(token, { name: "alpha", year: 2024, month: undefined });
    const older = await newRoll(token, { name: "Émile", year: 2023, month: 12 });
    const november = await newRoll(token, { name: "Delta", year: 2024, month: 11 });
    expect(await found(token, { sort: "shot" })).toEqual([november, march, yearOnly, older, undated]);
    expect(await found(token, { sort: "added" })).toEqual([november, older, yearOnly, march, undated]);
    expect(await found(token)).toEqual([november, older, yearOnly, march, undated]);
    // By name without regard to capitals: alpha, beta, Delta, Zeta, and É after the plain letters.
    expect((await found(token, { sort: "name" })).slice(0, 4)).toEqual([yearOnly, undated, november, march]);
  });

  for (const sort of ["added", "shot", "name"] as const) {
    it(`pages by ${sort} without skipping or repeating a roll when rolls are added between pages`, async () => {
      const token = await archivist();
      const before: string[] = [];
      // Ties on every key but the id: the same name and month for several rolls.
      for (let i = 0; i < 8; i++) before.push(await newRoll(token, { name: i % 2 ? "Same" : `Roll ${i}`, year: 2020 + (i % 3), month: 6 }));
      const first = await found(token, { sort });
      let added = 0;
      const paged = await allPages(token, { sort, limit: 3 }, async () => {
        // One sorts before every roll, one after: whatever was there when the search began comes once, in order.
        await newRoll(token, { name: "Aaa new", year: 2030, month: 1 });
        await newRoll(token, { name: "Zzz new", year: undefined, month: undefined });
        added += 2;
      });
      expect(added).toBeGreaterThan(0);
      expect(new Set(paged).size).toBe(paged.length);
      expect(paged.filter((id) => before.includes(id))).toEqual(first);
    });
  }

  it("gives pages of the asked size with a cursor to the next, and none after the last", async () => {
    const token = await archivist();
    for (let i = 0; i < 5; i++) await newRoll(token, { name: `Roll ${i}` });
    const page = await search(token, { limit: 2, sort: "name" });
    expect(page.body.items.map((f: { name: string }) => f.name)).toEqual(["Roll 0", "Roll 1"]);
    expect(page.body.next).toEqual(expect.any(String));
    const last = await search(token, { limit: 3, sort: "name", after: page.body.next });
    expect(last.body.items.map((f: { name: string }) => f.name)).toEqual(["Roll 2", "Roll 3", "Roll 4"]);
    expect(last.body.next).toBeNull();
  });

  it("answers each roll as the rolls list does", async () => {
    const token = await archivist();
    const id = await newRoll(token, { name: "Same as the list" });
    await upload(s, token, id, 1, await jpeg(320, 240));
    await waitForShots(s, token, id, 1);
    const [listed] = (await s.api("/api/film", { token })).body;
    const { items } = (await search(token, { q: "same list" })).body;
    const withoutLink = ({ cover_url, ...film }: { cover_url: string | null }) => ({ ...film, cover: cover_url?.split("?")[0] });
    expect(items.map(withoutLink)).toEqual([withoutLink(listed)]);
    expect(items[0]).toMatchObject({ id, shot_count: 1, cover_url: expect.stringMatching(/^\/media\//) });
    expect((await s.api(items[0].cover_url)).status).toBe(200);
  });

  it("never finds another photographer's rolls, nor a lab's order rolls", async () => {
    const mine = await archivist();
    const theirs = await archivist();
    const id = await newRoll(mine, { name: "Secret Cadaqués" });
    expect(await found(theirs, { q: "secret" })).toEqual([]);
    expect(await found(theirs, { camera_id: randomUUID() })).toEqual([]);
    expect(await found(mine, { q: "secret" })).toEqual([id]);

    // The order's roll is the lab's to work on, not one of its own: its own search never shows it.
    const orderLab = await labWithOrder(s, { name: "Foto Lab", webpage: "", location: "" });
    await s.api("/api/user/privacy-policy", { method: "POST", token: orderLab.token });
    const labOwn = await newRoll(orderLab.token, { name: "Lab's own Cadaqués" });
    expect(await found(orderLab.token, { q: "cadaques" })).toEqual([labOwn]);
    expect(await found(orderLab.token)).toEqual([labOwn]);
  });

  it("refuses a malformed cursor, an EI range upside down, an unknown status and a page size out of range, saying why", async () => {
    const token = await archivist();
    const bad = async (params: Params, message: RegExp) => {
      const res = await search(token, params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.error).toBe("bad-request");
      expect(res.body.message).toMatch(message);
    };
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    await bad({ after: "not a cursor!" }, /^after: the cursor is not a position this search gave/);
    await bad({ after: "bm90IGpzb24" }, /^after: the cursor is not a position this search gave/);
    await bad({ after: b64(["added", "yesterday", randomUUID()]) }, /^after: the cursor is not a position/);
    await bad({ after: b64(["added", "2026-02-30T10:00:00.000000Z", randomUUID()]) }, /^after: the cursor is not a position/);
    await bad({ after: b64(["added", "2026-02-03T10:00:00.000000Z", "1; drop table films"]) }, /^after: the cursor is not a position/);
    await bad({ sort: "shot", after: b64(["shot", 2024, 13, randomUUID()]) }, /^after: the cursor is not a position/);
    await bad({ sort: "name", after: b64(["added", "2026-02-03T10:00:00.000000Z", randomUUID()]) }, /another order/);
    await bad({ ei_min: 800, ei_max: 400 }, /^ei_max: The highest EI must not be below the lowest/);
    await bad({ status: "lost" }, /^status: /);
    await bad({ limit: 0 }, /^limit: /);
    await bad({ limit: 101 }, /^limit: /);
    await bad({ has_kept: "maybe" }, /^has_kept: /);
    const shots = await s.api(`/api/shots/search?${query({ after: "%%%" })}`, { token });
    expect(shots.status).toBe(400);
    expect(shots.body.message).toMatch(/^after: the cursor is not a position this search gave/);
    const range = await s.api(`/api/shots/search?${query({ aperture_min: 8, aperture_max: 2 })}`, { token });
    expect(range.status).toBe(400);
    expect(range.body.message).toMatch(/^aperture_max: /);
  });

  it("keeps GET film/ as the spec's list: every roll, newest first, as an array", async () => {
    const token = await archivist();
    const a = await newRoll(token);
    const b = await newRoll(token);
    const res = await s.api("/api/film", { token });
    expect(res.status).toBe(200);
    expect(res.body.map((film: { id: string }) => film.id)).toEqual([b, a]);
  });

  describe("frames", () => {
    const shotSearch = async (token: string, params: Params = {}) => {
      const res = await s.api(`/api/shots/search?${query(params)}`, { token });
      expect(res.status).toBe(200);
      return res.body as { items: { film_id: string; index: number; [key: string]: unknown }[]; next: string | null };
    };
    const frameIds = async (token: string, params: Params = {}) => (await shotSearch(token, params)).items.map((hit) => String(hit.index));

    it("finds frames by camera (their own or their roll's), lens, aperture, day taken, kept and words, newest taken first", async () => {
      const token = await archivist();
      const hasselblad = await camera(token, "Hasselblad", "500C/M");
      const rolleiflex = await camera(token, "Rolleiflex", "2.8F");
      const planar = await lens(token, "Zeiss", "Planar");
      const film = await newRoll(token, { name: "Costa Brava", format: "120", camera_id: hasselblad });
      await frames(token, film, 4);
      await editShot(token, film, 1, { exposure: { aperture: 8, taken_at: "2026-08-14T19:32:00+02:00", note: "Posta de sol" } });
      // Earlier as an instant, later by the clock: 10:00 in New York is 16:00 in Girona.
      await editShot(token, film, 2, { exposure: { aperture: 2.8, taken_at: "2026-08-14T10:00:00-04:00" }, kept: true });
      await editShot(token, film, 3, {
        camera_id: rolleiflex,
        lens_id: planar,
        exposure: { aperture: 16, taken_at: "2026-08-20T09:00:00+02:00", note: "Fàbrica" },
      });

      const all = await shotSearch(token);
      expect(all.items.map((hit) => hit.index)).toEqual([3, 1, 2, 4]);
      expect(all.items[1]).toEqual({
        film_id: film,
        film_name: "Costa Brava",
        shot_id: expect.any(String),
        index: 1,
        thumbnail_url: null,
        camera: "Hasselblad 500C/M",
        lens: null,
        aperture: 8,
        shutter: null,
        taken_at: "2026-08-14T19:32:00+02:00",
        kept: false,
      });
      expect(all.items[0]).toMatchObject({ camera: "Rolleiflex 2.8F", lens: "Zeiss Planar" });

      expect(await frameIds(token, { camera_id: hasselblad })).toEqual(["1", "2", "4"]);
      expect(await frameIds(token, { camera_id: rolleiflex })).toEqual(["3"]);
      expect(await frameIds(token, { lens_id: planar })).toEqual(["3"]);
      expect(await frameIds(token, { aperture_min: 4, aperture_max: 11 })).toEqual(["1"]);
      expect(await frameIds(token, { aperture_max: 2.8 })).toEqual(["2"]);
      // The day as written where the frame was taken.
      expect(await frameIds(token, { taken_from: "2026-08-14", taken_to: "2026-08-14" })).toEqual(["1", "2"]);
      expect(await frameIds(token, { taken_from: "2026-08-15" })).toEqual(["3"]);
      expect(await frameIds(token, { kept: true })).toEqual(["2"]);
      expect(await frameIds(token, { kept: false })).toEqual(["3", "1", "4"]);
      // Words: the frame's note and gear, and its roll's words.
      expect(await frameIds(token, { q: "fabrica" })).toEqual(["3"]);
      expect(await frameIds(token, { q: "costa posta" })).toEqual(["1"]);
      expect(await frameIds(token, { q: "rolleiflex" })).toEqual(["3"]);
      expect(await frameIds(token, { q: "brava" })).toEqual(["3", "1", "2", "4"]);
      expect(await frameIds(token, { q: "posta fabrica" })).toEqual([]);
    });

    it("finds a frame by the day written where it was taken, whatever its offset from UTC", async () => {
      const token = await archivist();
      const film = await newRoll(token);
      await frames(token, film, 3);
      // The 14th late in Hawaii is the 15th in UTC; the 15th early in Kiribati is the 14th in UTC.
      await editShot(token, film, 1, { exposure: { taken_at: "2026-08-14T23:30:00-10:00" } });
      await editShot(token, film, 2, { exposure: { taken_at: "2026-08-15T00:30:00+14:00" } });
      await editShot(token, film, 3, { exposure: { taken_at: "2026-08-16T12:00:00Z" } });
      expect(await frameIds(token, { taken_from: "2026-08-14", taken_to: "2026-08-14" })).toEqual(["1"]);
      expect(await frameIds(token, { taken_from: "2026-08-15", taken_to: "2026-08-15" })).toEqual(["2"]);
      expect(await frameIds(token, { taken_from: "2026-08-15" })).toEqual(["3", "2"]);
      expect(await frameIds(token, { taken_to: "2026-08-15" })).toEqual(["1", "2"]);
    });

    it("follows a roll's edits: its frames change camera with it, and its EI with its speed and push", async () => {
      const token = await archivist();
      const nikon = await camera(token, "Nikon", "FM2");
      const leica = await camera(token, "Leica", "M6");
      const film = await newRoll(token, { camera_id: nikon, iso: 400, push_pull: 0 });
      await frames(token, film, 2);
      expect(await frameIds(token, { camera_id: nikon })).toHaveLength(2);
      expect(await found(token, { ei_min: 400, ei_max: 400 })).toEqual([film]);

      const edited = await s.api(`/api/film/${film}`, { method: "PUT", token, body: { camera_id: leica, iso: 800, push_pull: 1 } });
      expect(edited.status).toBe(200);
      expect(await frameIds(token, { camera_id: nikon })).toEqual([]);
      expect(await frameIds(token, { camera_id: leica })).toHaveLength(2);
      expect((await shotSearch(token, { q: "leica" })).items).toHaveLength(2);
      expect(await found(token, { ei_min: 400, ei_max: 400 })).toEqual([]);
      expect(await found(token, { ei_min: 1600, ei_max: 1600 })).toEqual([film]);
    });

    it("pages frames, undated ones last, without skipping or repeating one, and signs each thumbnail", async () => {
      const token = await archivist();
      const film = await newRoll(token);
      await frames(token, film, 5);
      for (const index of [1, 2, 3]) await editShot(token, film, index, { exposure: { taken_at: "2026-01-01T12:00:00Z" } });
      await upload(s, token, film, 6, await jpeg(320, 240));
      await waitForShots(s, token, film, 1);
      const seen: number[] = [];
      let after: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof shotSearch>> = await shotSearch(token, { limit: 2, ...(after ? { after } : {}) });
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items.map((hit) => hit.index));
        after = page.next;
      } while (after);
      expect(seen.slice(0, 3).sort()).toEqual([1, 2, 3]);
      expect(seen.toSorted()).toEqual([1, 2, 3, 4, 5, 6]);
      const scanned = (await shotSearch(token)).items.find((hit) => hit.index === 6)!;
      expect(scanned.thumbnail_url).toMatch(/^\/media\//);
      expect((await s.api(scanned.thumbnail_url as string)).status).toBe(200);
    });

    it("finds a lab's roll and its frames once the customer adds it to their archive, by the lab's name", async () => {
      const email = `${randomUUID()}@example.com`;
      const orderLab = await labWithOrder(s, { name: "Laboratori Gràcia", webpage: "", location: "" }, email);
      const sub = randomUUID();
      const customer = await s.token({ sub, email });
      await s.api("/api/user/privacy-policy", { method: "POST", token: customer });
      await s.latent.services.entitlements.setPlan(sub, "unlimited");
      expect(await found(customer, { q: "gracia" })).toEqual([]);
      expect((await shotSearch(customer)).items).toEqual([]);

      const sent = await orderLab.send();
      expect((await s.api("/api/orders/claim", { method: "POST", token: customer, body: { code: sent.body.code } })).status).toBe(200);
      const ids = await found(customer, { q: "gracia cadaques" });
      expect(ids).toHaveLength(1);
      expect(await found(customer, { lab_id: orderLab.sub })).toEqual(ids);
      const hits = (await shotSearch(customer, { q: "gracia" })).items;
      expect(hits).toMatchObject([{ film_id: ids[0], index: 1, thumbnail_url: expect.stringMatching(/^\/media\//) }]);
      expect(await found(orderLab.token, { q: "cadaques" })).toEqual([]);
    });

    it("never finds another photographer's frames, nor those of a lab's order", async () => {
      const mine = await archivist();
      const theirs = await archivist();
      const film = await newRoll(mine, { name: "Mine only" });
      await frames(mine, film, 1);
      expect((await shotSearch(theirs, { q: "mine" })).items).toEqual([]);
      expect((await shotSearch(theirs)).items).toEqual([]);
      expect((await shotSearch(mine, { q: "mine" })).items).toHaveLength(1);
      const orderLab = await labWithOrder(s, { name: "Foto Lab", webpage: "", location: "" });
      expect((await shotSearch(orderLab.token)).items).toEqual([]);
    });
  });

  it("keeps one search document per roll, gone with the roll", async () => {
    const token = await archivist();
    const id = await newRoll(token, { name: "Short-lived" });
    const count = async () =>
      Number(
        (await sql<{ n: number | string }>`select count(*) as n from roll_search where film_id = ${id}`.execute(s.latent.db)).rows[0]!.n,
      );
    expect(await count()).toBe(1);
    expect((await s.api(`/api/film/${id}`, { method: "DELETE", token })).status).toBe(204);
    expect(await count()).toBe(0);
    expect(await found(token, { q: "short" })).toEqual([]);
  });
});
