import { randomBytes, randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { PLANS } from "@latent/domain/plans";
import { shortIdFromBytes } from "@latent/domain/stickers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

type Person = { sub: string; email: string; token: string };

async function photographer(s: TestServer, name: string): Promise<Person> {
  const sub = randomUUID();
  const email = `${sub}@example.com`;
  const token = await s.token({ sub, email, role: "user" });
  await s.api("/api/user/privacy-policy", { method: "POST", token });
  await s.api("/api/user", { method: "PUT", token, body: { name } });
  return { sub, email, token };
}

async function lab(s: TestServer, name: string): Promise<Person> {
  const sub = randomUUID();
  const email = `lab-${sub}@example.com`;
  const token = await s.token({ sub, email, role: "lab" });
  expect((await s.api("/api/labs", { method: "PUT", token, body: { name } })).status).toBe(200);
  return { sub, email, token };
}

const subjectsTo = async (s: TestServer, to: string) =>
  (await s.latent.db.selectFrom("outbox").select("subject").where("to", "=", to).orderBy("created_at").execute()).map((m) => m.subject);

/** The store's files (the filesystem store's root), as paths under it. */
async function storedFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}

/**
 * Waits until the roll's `count` scans are done, then until their processing has ended: the roll's step after its last
 * scan is taken once the scan shows as done.
 */
async function scansDone(s: TestServer, token: string, filmId: string, count: number) {
  await waitForShots(s, token, filmId, count);
  await s.latent.processor.drain();
}

const storageUsed = async (s: TestServer, p: Person) => (await s.api("/api/user", { token: p.token })).body.storage.used as number;

/**
 * A photographer's roll (pushed one stop), stickered and sent to a lab, which received it by its sticker: answers
 * the customer's roll, the order and the lab's roll in it.
 */
async function receivedBySticker(s: TestServer, owner: Person, theLab: Person) {
  const created = await s.api("/api/film", { method: "POST", token: owner.token, body: { ...roll, name: "Costa Brava", push_pull: 1 } });
  expect(created.status).toBe(201);
  const filmId = created.body.id as string;
  const hash = randomBytes(16).toString("base64url");
  const shortId = shortIdFromBytes(randomBytes(8));
  await s.latent.db
    .insertInto("stickers")
    .values({ hash, short_id: shortId, user_id: owner.sub, shipment_id: null, position: 0 })
    .execute();
  await s.api("/api/film/link", { method: "PUT", token: owner.token, body: { sticker_hash: hash, film_id: filmId } });
  await s.api(`/api/film/${filmId}/status`, { method: "POST", token: owner.token, body: { status: "sent", lab_id: theLab.sub } });
  const received = await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: theLab.token });
  expect(received.status).toBe(201);
  const orderId = received.body.order_id as string;
  const order = await s.api(`/api/orders/${orderId}`, { token: theLab.token });
  expect(order.body.films).toHaveLength(1);
  return { filmId, orderId, copyId: order.body.films[0].id as string };
}

describe.each(DATABASES)("a lab's scans of a roll received by its sticker on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("gives the new order a roll of the lab's like the customer's, whose timeline is the customer's roll's", async () => {
    const owner = await photographer(s, "Marta Puig");
    const theLab = await lab(s, "Foto Lab Girona");
    const { filmId, orderId, copyId } = await receivedBySticker(s, owner, theLab);

    expect(copyId).not.toBe(filmId);
    const order = await s.api(`/api/orders/${orderId}`, { token: theLab.token });
    expect(order.body.films[0]).toMatchObject({
      name: "Costa Brava",
      brand: "Kodak",
      model: "Portra 400",
      iso: 400,
      format: "135",
      n_exp: 36,
      process: "C-41",
      push_pull: 1,
      order_id: orderId,
      shot_count: 0,
    });

    // The lab's step on its roll is the customer's roll's step: one timeline, seen alike from both sides.
    const developed = await s.api(`/api/lab/films/${copyId}/status`, {
      method: "POST",
      token: theLab.token,
      body: { status: "developed" },
    });
    expect(developed.status).toBe(200);
    const mine = await s.api(`/api/film/${filmId}/timeline`, { token: owner.token });
    expect(mine.body.status).toBe("developed");
    expect(mine.body.events.map((e: { status: string }) => e.status)).toEqual(["sent", "received", "developed"]);
    expect(mine.body.events.at(-1)).toMatchObject({ actor: "lab", by: "Foto Lab Girona" });
    const labSide = await s.api(`/api/lab/films/${copyId}/timeline`, { token: theLab.token });
    expect(labSide.body).toMatchObject({ status: "developed", events: mine.body.events, next: ["scanned"] });
  });

  it("marks both rolls scanned once the lab's last scan is processed, and mails the customer once", async () => {
    const owner = await photographer(s, "Marta Puig");
    const theLab = await lab(s, "Foto Lab Girona");
    const { filmId, orderId, copyId } = await receivedBySticker(s, owner, theLab);
    await s.api(`/api/lab/films/${filmId}/status`, { method: "POST", token: theLab.token, body: { status: "developed" } });

    await upload(s, theLab.token, copyId, 1, await jpeg(320, 240));
    await scansDone(s, theLab.token, copyId, 1);

    const mine = await s.api(`/api/film/${filmId}/timeline`, { token: owner.token });
    expect(mine.body.status).toBe("scanned");
    expect(mine.body.events.at(-1)).toMatchObject({ status: "scanned", actor: "system" });
    expect((await s.api(`/api/lab/films/${copyId}/timeline`, { token: theLab.token })).body.status).toBe("scanned");
    expect((await s.api(`/api/orders/${orderId}`, { token: theLab.token })).body.films[0]).toMatchObject({
      status: "scanned",
      shot_count: 1,
    });
    expect(await subjectsTo(s, owner.email)).toEqual([
      "Foto Lab Girona received your roll Costa Brava",
      "Your roll Costa Brava is scanned",
    ]);
  });

  it("puts the lab's scans into the customer's own roll when they add the order: no second roll, the lab's storage freed", async () => {
    const owner = await photographer(s, "Marta Puig");
    const theLab = await lab(s, "Foto Lab Girona");
    const { filmId, orderId, copyId } = await receivedBySticker(s, owner, theLab);
    await upload(s, theLab.token, copyId, 1, await jpeg(320, 240));
    await upload(s, theLab.token, copyId, 2, await jpeg(320, 240, 2));
    await scansDone(s, theLab.token, copyId, 2);
    const labBytes = await storageUsed(s, theLab);
    expect(labBytes).toBeGreaterThan(0);
    const { code } = (await s.api(`/api/orders/${orderId}/share?expiration=60`, { method: "POST", token: theLab.token })).body;

    const stranger = await photographer(s, "Pere Roca");
    const refused = await s.api("/api/orders/claim", { method: "POST", token: stranger.token, body: { code } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("order-not-yours");
    expect(await storageUsed(s, stranger)).toBe(0);

    const claimed = await s.api("/api/orders/claim", { method: "POST", token: owner.token, body: { code } });
    expect(claimed.status).toBe(200);
    // The answer names the roll the customer opens next: their own, which the scans joined.
    expect(claimed.body.films.map((f: { id: string }) => f.id)).toEqual([filmId]);
    const rolls = (await s.api("/api/film", { token: owner.token })).body as { id: string }[];
    expect(rolls.map((r) => r.id)).toEqual([filmId]);
    const mine = await s.api(`/api/film/${filmId}`, { token: owner.token });
    expect(mine.body.shot_count).toBe(2);
    expect(mine.body.shots.map((shot: { index: number; state: string }) => [shot.index, shot.state])).toEqual([
      [1, "done"],
      [2, "done"],
    ]);
    expect((await fetch(`${s.base}${mine.body.shots[0].version.thumbnail_url}`)).status).toBe(200);
    expect((await s.api(`/api/film/${filmId}/timeline`, { token: owner.token })).body.status).toBe("delivered");
    expect(await storageUsed(s, theLab)).toBe(0);
    expect(await storageUsed(s, owner)).toBe(labBytes);
    expect((await s.api(`/api/lab/films/${copyId}/timeline`, { token: theLab.token })).status).toBe(404);
  });

  it("lets a customer whose plan holds no more rolls add the scans of their own roll: it is no new roll", async () => {
    const owner = await photographer(s, "Marta Puig");
    const theLab = await lab(s, "Foto Lab Girona");
    const { filmId, orderId, copyId } = await receivedBySticker(s, owner, theLab);
    for (let i = 1; i < PLANS.free.maxFilms; i++) {
      expect((await s.api("/api/film", { method: "POST", token: owner.token, body: { ...roll, name: `Roll ${i}` } })).status).toBe(201);
    }
    expect((await s.api("/api/film", { method: "POST", token: owner.token, body: roll })).body.error).toBe("films-capacity-reached");
    await upload(s, theLab.token, copyId, 1, await jpeg(320, 240));
    await scansDone(s, theLab.token, copyId, 1);
    const { code } = (await s.api(`/api/orders/${orderId}/share?expiration=60`, { method: "POST", token: theLab.token })).body;

    expect((await s.api("/api/orders/claim", { method: "POST", token: owner.token, body: { code } })).status).toBe(200);
    expect((await s.api("/api/film", { token: owner.token })).body).toHaveLength(PLANS.free.maxFilms);
    expect((await s.api(`/api/film/${filmId}`, { token: owner.token })).body.shot_count).toBe(1);
  });

  it("deletes the scans that joined a roll from the lab's copy with the roll", async () => {
    const owner = await photographer(s, "Marta Puig");
    const theLab = await lab(s, "Foto Lab Girona");
    const { filmId, orderId, copyId } = await receivedBySticker(s, owner, theLab);
    await upload(s, theLab.token, copyId, 1, await jpeg(320, 240));
    await scansDone(s, theLab.token, copyId, 1);
    const { code } = (await s.api(`/api/orders/${orderId}/share?expiration=60`, { method: "POST", token: theLab.token })).body;
    await s.api("/api/orders/claim", { method: "POST", token: owner.token, body: { code } });
    // The scans' files stay where the lab's upload put them, under its roll's folder.
    const copied = (f: string) => f.includes(copyId);
    expect((await storedFiles(s.storeRoot)).filter(copied).length).toBeGreaterThan(0);

    expect((await s.api(`/api/film/${filmId}`, { method: "DELETE", token: owner.token })).status).toBe(204);
    expect((await storedFiles(s.storeRoot)).filter(copied)).toEqual([]);
  });
});
