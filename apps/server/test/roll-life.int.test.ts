import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ownerFeedId } from "@latent/domain/films";
import { canStep, ROLL_STATUSES, type RollActor, type RollStatus, stepRefusal } from "@latent/domain/roll-life";
import { shortIdFromBytes } from "@latent/domain/stickers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FilmEvent } from "../src/platform/realtime/event-bus.ts";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/** Days from the real today, as `YYYY-MM-DD` (a hold must end in the future of the server's clock). */
const inDays = (days: number, from = new Date()) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function people(s: TestServer) {
  return {
    async photographer(name = "Ana García") {
      const sub = randomUUID();
      const email = `${sub}@example.com`;
      const token = await s.token({ sub, email, role: "user" });
      await s.api("/api/user/privacy-policy", { method: "POST", token });
      await s.api("/api/user", { method: "PUT", token, body: { name } });
      return { sub, email, token };
    },
    async lab(name = "Foto Lab Girona") {
      const sub = randomUUID();
      const email = `lab-${sub}@example.com`;
      const token = await s.token({ sub, email, role: "lab" });
      expect((await s.api("/api/labs", { method: "PUT", token, body: { name } })).status).toBe(200);
      return { sub, email, token };
    },
  };
}

type Person = { sub: string; email: string; token: string };

async function ownRoll(s: TestServer, p: Person, name = roll.name) {
  const res = await s.api("/api/film", { method: "POST", token: p.token, body: { ...roll, name } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** A sticker of `p`'s on the roll; answers its short id. */
async function stick(s: TestServer, p: Person, filmId: string) {
  const hash = randomBytes(16).toString("base64url");
  const shortId = shortIdFromBytes(randomBytes(8));
  await s.latent.db.insertInto("stickers").values({ hash, short_id: shortId, user_id: p.sub, shipment_id: null, position: 0 }).execute();
  expect((await s.api("/api/film/link", { method: "PUT", token: p.token, body: { sticker_hash: hash, film_id: filmId } })).status).toBe(
    200,
  );
  return shortId;
}

/** A lab's order holding one roll of its own. */
async function labOrderRoll(s: TestServer, lab: Person, customerEmail = `${randomUUID()}@example.com`) {
  const order = await s.api("/api/orders", {
    method: "POST",
    token: lab.token,
    body: { reference: "#1024", user_name: "Ana García", user_email: customerEmail, user_phone: "" },
  });
  expect(order.status).toBe(201);
  const film = await s.api(`/api/orders/${order.body.id}/films`, { method: "POST", token: lab.token, body: roll });
  expect(film.status).toBe(201);
  return { orderId: order.body.id as string, filmId: film.body.id as string };
}

const setStatus = (s: TestServer, filmId: string, status: RollStatus | null) =>
  s.latent.db.updateTable("films").set({ status, return_requested_at: null }).where("id", "=", filmId).execute();

const outboxTo = (s: TestServer, to: string) =>
  s.latent.db.selectFrom("outbox").selectAll().where("to", "=", to).orderBy("created_at").execute();

/** Listens to one feed of the bus; `seen` holds what arrived. */
function listen(s: TestServer, feed: string) {
  const seen: FilmEvent[] = [];
  const off = s.latent.bus.subscribe(feed, (e) => seen.push(e));
  return { seen, off };
}

describe.each(DATABASES)("a roll's life on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("lets the owner mark a roll loaded, shot and sent to a lab, each step in its timeline, its status in the rolls list", async () => {
    const { photographer, lab } = people(s);
    const me = await photographer("Ana García");
    const theLab = await lab("Foto Lab Girona");
    const id = await ownRoll(s, me);

    const blank = await s.api(`/api/film/${id}/timeline`, { token: me.token });
    expect(blank.status).toBe(200);
    expect(blank.body).toEqual({
      status: null,
      events: [],
      next: ["loaded", "shot", "sent"],
      shared: false,
      storage_location: null,
      held_until: null,
      return_requested_at: null,
    });

    const loaded = await s.api(`/api/film/${id}/status`, {
      method: "POST",
      token: me.token,
      body: { status: "loaded", camera: "Nikon F3" },
    });
    expect(loaded.status).toBe(200);
    expect(loaded.body.status).toBe("loaded");
    expect(loaded.body.next).toEqual(["shot", "sent"]);
    expect(loaded.body.events).toEqual([
      expect.objectContaining({ status: "loaded", actor: "owner", by: "Ana García", camera: "Nikon F3", lab_id: null, tracking: null }),
    ]);

    expect((await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "shot" } })).body.status).toBe("shot");
    const sent = await s.api(`/api/film/${id}/status`, {
      method: "POST",
      token: me.token,
      body: { status: "sent", lab_id: theLab.sub, tracking: "1Z 999-AA1", note: "Push one stop" },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.next).toEqual([]);
    expect(sent.body.events.map((e: { status: string }) => e.status)).toEqual(["loaded", "shot", "sent"]);
    expect(sent.body.events[2]).toMatchObject({
      actor: "owner",
      lab_id: theLab.sub,
      lab_name: "Foto Lab Girona",
      tracking: "1Z 999-AA1",
      note: "Push one stop",
      camera: null,
    });
    const row = await s.latent.db.selectFrom("films").select(["sent_lab_id", "status"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ sent_lab_id: theLab.sub, status: "sent" });

    const list = await s.api("/api/film", { token: me.token });
    expect(list.body.find((f: { id: string }) => f.id === id)).toMatchObject({ status: "sent", storage_location: null });
    expect((await s.api(`/api/film/${id}`, { token: me.token })).body.status).toBe("sent");
  });

  it("refuses a sent step without a lab, or to a lab that does not exist", async () => {
    const me = await people(s).photographer();
    const id = await ownRoll(s, me);
    const bare = await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "sent" } });
    expect(bare.status).toBe(400);
    expect(bare.body).toEqual({ error: "roll-lab-required", message: "Choose the lab the roll is sent to" });
    const nowhere = await s.api(`/api/film/${id}/status`, {
      method: "POST",
      token: me.token,
      body: { status: "sent", lab_id: randomUUID() },
    });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body).toEqual({ error: "lab-not-found", message: "The Laboratory could not be found" });
    // Nothing was recorded by either refusal.
    expect((await s.api(`/api/film/${id}/timeline`, { token: me.token })).body).toMatchObject({ status: null, events: [] });
  });

  it("answers every step the owner and the roll's lab may take, from every status, and refuses every other with a 409 naming both", async () => {
    const { photographer, lab } = people(s);
    const me = await photographer();
    const theLab = await lab();
    const mine = await ownRoll(s, me);
    const { filmId: labs } = await labOrderRoll(s, theLab);
    const cases: [RollActor, string, string][] = [
      ["owner", mine, `/api/film/${mine}/status`],
      ["lab", labs, `/api/lab/films/${labs}/status`],
    ];
    for (const [actor, filmId, path] of cases) {
      const token = actor === "owner" ? me.token : theLab.token;
      for (const from of [null, ...ROLL_STATUSES] as const) {
        for (const to of ROLL_STATUSES) {
          await setStatus(s, filmId, from);
          const res = await s.api(path, {
            method: "POST",
            token,
            body: { status: to, lab_id: theLab.sub, held_until: inDays(30), tracking: "RR123" },
          });
          if (canStep(from, to, actor)) {
            expect(res.status, `${actor}: ${from} → ${to}`).toBe(200);
            expect(res.body.status, `${actor}: ${from} → ${to}`).toBe(to);
          } else {
            expect(res.status, `${actor}: ${from} → ${to}`).toBe(409);
            expect(res.body, `${actor}: ${from} → ${to}`).toEqual({ error: "roll-step-not-allowed", message: stepRefusal(from, to) });
          }
        }
      }
    }
    await setStatus(s, mine, "developed");
    const refused = await s.api(`/api/film/${mine}/status`, { method: "POST", token: me.token, body: { status: "shot" } });
    expect(refused.body.message).toBe("A roll that is developed cannot be marked shot");
  });

  it("keeps the negatives at the lab only until a day in the future, and clears the hold when they are returned", async () => {
    const theLab = await people(s).lab();
    const { filmId } = await labOrderRoll(s, theLab);
    await setStatus(s, filmId, "delivered");
    const path = `/api/lab/films/${filmId}/status`;
    for (const held_until of [inDays(0), inDays(-3)]) {
      const res = await s.api(path, { method: "POST", token: theLab.token, body: { status: "archived", held_until } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "hold-date-invalid",
        message: "The date the lab keeps the negatives until must be a day in the future",
      });
    }
    const undated = await s.api(path, { method: "POST", token: theLab.token, body: { status: "archived" } });
    expect(undated.status).toBe(400);
    expect(undated.body.error).toBe("hold-date-invalid");
    const held = await s.api(path, { method: "POST", token: theLab.token, body: { status: "archived", held_until: inDays(1) } });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ status: "archived", held_until: inDays(1), next: ["returned"] });
    expect(held.body.events.at(-1)).toMatchObject({ status: "archived", actor: "lab", held_until: inDays(1) });
    const back = await s.api(path, { method: "POST", token: theLab.token, body: { status: "returned", tracking: "RR 123 ES" } });
    expect(back.body).toMatchObject({ status: "returned", held_until: null, next: [] });
    expect(back.body.events.at(-1)).toMatchObject({ status: "returned", tracking: "RR 123 ES" });
  });

  it("answers each route to the roll's owner and its lab only: 404 to another lab or photographer, 401 without a token", async () => {
    const { photographer, lab } = people(s);
    const owner = await photographer();
    const theLab = await lab();
    const otherLab = await lab("Another Lab");
    const stranger = await photographer();
    const filmId = await ownRoll(s, owner);
    const shortId = await stick(s, owner, filmId);
    await s.api(`/api/film/${filmId}/status`, { method: "POST", token: owner.token, body: { status: "sent", lab_id: theLab.sub } });

    type Route = { method: string; path: string; body?: unknown };
    const check = async (route: Route, expected: Record<"owner" | "lab" | "otherLab" | "stranger" | "anonymous", number>) => {
      const callers = { owner: owner.token, lab: theLab.token, otherLab: otherLab.token, stranger: stranger.token, anonymous: undefined };
      for (const [who, token] of Object.entries(callers)) {
        const res = await s.api(route.path, { method: route.method, token, body: route.body });
        expect(res.status, `${route.method} ${route.path} as ${who}`).toBe(expected[who as keyof typeof expected]);
        if (res.status === 404) expect(["not-found", "sticker-not-found"]).toContain(res.body.error);
      }
    };
    // Before the lab has received it, the roll is the owner's alone; the lab may only look its sticker up.
    await check(
      { method: "GET", path: `/api/lab/films/${filmId}/timeline` },
      { owner: 404, lab: 404, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "GET", path: `/api/lab/stickers/${shortId}` },
      { owner: 404, lab: 200, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "POST", path: `/api/lab/stickers/${shortId}/receive` },
      { owner: 404, lab: 201, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    // Received into the lab's order: the lab's routes answer the lab, the owner's the owner.
    await check(
      { method: "GET", path: `/api/film/${filmId}/timeline` },
      { owner: 200, lab: 404, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "PUT", path: `/api/film/${filmId}/life`, body: { storage_location: "Binder 1" } },
      { owner: 200, lab: 404, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "POST", path: `/api/film/${filmId}/status`, body: { status: "shot" } },
      { owner: 409, lab: 404, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "POST", path: `/api/film/${filmId}/return-request` },
      { owner: 409, lab: 404, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "GET", path: `/api/lab/films/${filmId}/timeline` },
      { owner: 404, lab: 200, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "POST", path: `/api/lab/films/${filmId}/status`, body: { status: "received" } },
      { owner: 404, lab: 409, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "GET", path: "/api/film/storage-locations?q=Binder" },
      { owner: 200, lab: 200, otherLab: 200, stranger: 200, anonymous: 401 },
    );
    expect((await s.api("/api/film/storage-locations?q=Binder", { token: stranger.token })).body).toEqual([]);
    // The lab's own order roll: its lab moves it; the owner's routes do not reach it (it is no photographer's roll).
    const { filmId: labRoll } = await labOrderRoll(s, theLab);
    await check(
      { method: "GET", path: `/api/lab/films/${labRoll}/timeline` },
      { owner: 404, lab: 200, otherLab: 404, stranger: 404, anonymous: 401 },
    );
    await check(
      { method: "GET", path: `/api/film/${labRoll}/timeline` },
      { owner: 404, lab: 404, otherLab: 404, stranger: 404, anonymous: 401 },
    );
  });

  it("receives a customer's roll by its sticker into a new order for them, mails them, and the lab takes it to the archive", async () => {
    const { photographer, lab } = people(s);
    const owner = await photographer("Marta Puig");
    const theLab = await lab("Foto Lab Girona");
    const filmId = await ownRoll(s, owner, "Costa Brava");
    const shortId = await stick(s, owner, filmId);

    // Not sent yet: the lab learns nothing of the sticker.
    const early = await s.api(`/api/lab/stickers/${shortId}`, { token: theLab.token });
    expect(early.status).toBe(404);
    expect((await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: theLab.token })).status).toBe(404);

    await s.api(`/api/film/${filmId}/status`, { method: "POST", token: owner.token, body: { status: "sent", lab_id: theLab.sub } });
    const looked = await s.api(`/api/lab/stickers/${shortId.toLowerCase()}`, { token: theLab.token });
    expect(looked.status).toBe(200);
    expect(looked.body).toEqual({
      film: { id: filmId, name: "Costa Brava", stock: "Kodak Portra 400", format: "135", customer: "Marta Puig" },
      order_id: null,
      status: "sent",
      action: "receive",
      next: "received",
      reason: null,
    });

    const received = await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: theLab.token });
    expect(received.status).toBe(201);
    expect(received.body.film_id).toBe(filmId);
    expect(received.body.timeline).toMatchObject({ status: "received", next: ["developed"] });
    expect(received.body.timeline.events.at(-1)).toMatchObject({
      status: "received",
      actor: "lab",
      by: "Foto Lab Girona",
      lab_id: theLab.sub,
    });
    const order = await s.api(`/api/orders/${received.body.order_id}`, { token: theLab.token });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ reference: shortId, user_name: "Marta Puig", user_email: owner.email, user_id: owner.sub });
    const again = await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: theLab.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "roll-already-received", message: "This roll is already in one of your orders" });
    expect((await s.api(`/api/lab/stickers/${shortId}`, { token: theLab.token })).body).toMatchObject({
      order_id: received.body.order_id,
      status: "received",
      action: "advance",
      next: "developed",
    });
    const mail = (await outboxTo(s, owner.email)).find((m) => /received your roll/.test(m.subject));
    expect(mail?.subject).toBe("Foto Lab Girona received your roll Costa Brava");
    expect(mail?.text).toContain(`/u/films/${filmId}`);

    // One tap per step, as the companion's big button offers it; the lab's order screens and the roll's page hear of each.
    const labFeed = listen(s, ownerFeedId(theLab.sub));
    const rollFeed = listen(s, filmId);
    for (const next of ["developed", "scanned", "delivered"]) {
      const res = await s.api(`/api/lab/films/${filmId}/status`, { method: "POST", token: theLab.token, body: { status: next } });
      expect(res.status).toBe(200);
    }
    labFeed.off();
    rollFeed.off();
    expect(labFeed.seen.filter((e) => e.type === "order")).toEqual(
      Array(3).fill({ type: "order", order_id: received.body.order_id, status: "created" }),
    );
    expect(rollFeed.seen.map((e) => e.type === "roll" && e.status)).toEqual(["developed", "scanned", "delivered"]);
    const held = await s.api(`/api/lab/films/${filmId}/status`, {
      method: "POST",
      token: theLab.token,
      body: { status: "archived", held_until: inDays(60) },
    });
    expect(held.body).toMatchObject({ status: "archived", held_until: inDays(60) });
    const subjects = (await outboxTo(s, owner.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      "Foto Lab Girona received your roll Costa Brava",
      "Your roll Costa Brava is scanned",
      "Your roll Costa Brava is delivered",
    ]);

    // The photographer asks for the negatives back, once; the lab hears of it.
    const asked = await s.api(`/api/film/${filmId}/return-request`, { method: "POST", token: owner.token });
    expect(asked.status).toBe(200);
    expect(asked.body.return_requested_at).not.toBeNull();
    const labMail = (await outboxTo(s, theLab.email)).find((m) => /negatives of Costa Brava back/.test(m.subject));
    expect(labMail?.subject).toBe("Marta Puig asks for the negatives of Costa Brava back");
    expect(labMail?.text).toContain(owner.email);
    const twice = await s.api(`/api/film/${filmId}/return-request`, { method: "POST", token: owner.token });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: "return-already-requested", message: "You already asked the lab to return these negatives" });

    const back = await s.api(`/api/lab/films/${filmId}/status`, {
      method: "POST",
      token: theLab.token,
      body: { status: "returned", tracking: "RR123ES" },
    });
    expect(back.body).toMatchObject({ status: "returned", held_until: null, next: [] });
    const returned = (await outboxTo(s, owner.email)).at(-1);
    expect(returned?.subject).toBe("Foto Lab Girona sent back the negatives of Costa Brava");
    expect(returned?.text).toContain("Tracking: RR123ES");
    const late = await s.api(`/api/film/${filmId}/return-request`, { method: "POST", token: owner.token });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: "roll-not-held", message: "No lab holds this roll's negatives" });
    expect((await s.api(`/api/lab/stickers/${shortId}`, { token: theLab.token })).body).toMatchObject({
      action: "none",
      next: null,
      reason: "finished",
    });
  });

  it("does not let another lab receive a roll sent elsewhere", async () => {
    const { photographer, lab } = people(s);
    const owner = await photographer();
    const theLab = await lab();
    const otherLab = await lab("Another Lab");
    const filmId = await ownRoll(s, owner);
    const shortId = await stick(s, owner, filmId);
    await s.api(`/api/film/${filmId}/status`, { method: "POST", token: owner.token, body: { status: "sent", lab_id: theLab.sub } });
    const res = await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: otherLab.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("sticker-not-found");
    expect((await s.api(`/api/film/${filmId}/timeline`, { token: owner.token })).body.status).toBe("sent");
  });

  it("marks a roll scanned by itself once its last upload is processed, and only where the rules allow it", async () => {
    const me = await people(s).photographer();
    const id = await ownRoll(s, me);
    await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "shot" } });
    await upload(s, me.token, id, 1, await jpeg(320, 240, 1));
    await upload(s, me.token, id, 2, await jpeg(320, 240, 2));
    await waitForShots(s, me.token, id, 2);
    const timeline = (await s.api(`/api/film/${id}/timeline`, { token: me.token })).body;
    expect(timeline.status).toBe("scanned");
    expect(timeline.events.map((e: { status: string; actor: string }) => [e.status, e.actor])).toEqual([
      ["shot", "owner"],
      ["scanned", "system"],
    ]);
    expect(timeline.events[1].by).toBeNull();
    // A photographer's own scans of their own roll are no news to mail them about.
    expect((await outboxTo(s, me.email)).filter((m) => /scanned/.test(m.subject))).toEqual([]);

    // A scan still uploading holds the step back: the roll is scanned only after its last one.
    const partial = await ownRoll(s, me);
    const pending = await s.api(`/api/film/shot/${partial}/2/upload`, {
      method: "POST",
      token: me.token,
      body: { content_type: "image/jpeg", content_length: 5_000, file_name: "two.jpg" },
    });
    expect(pending.status).toBe(200);
    await upload(s, me.token, partial, 1, await jpeg(320, 240, 4));
    await waitForShots(s, me.token, partial, 1);
    expect((await s.api(`/api/film/${partial}/timeline`, { token: me.token })).body).toMatchObject({ status: null, events: [] });

    // Sent to a lab: Latent does not skip the lab's steps.
    const theLab = await people(s).lab();
    const sent = await ownRoll(s, me);
    await s.api(`/api/film/${sent}/status`, { method: "POST", token: me.token, body: { status: "sent", lab_id: theLab.sub } });
    await upload(s, me.token, sent, 1, await jpeg(320, 240, 3));
    await waitForShots(s, me.token, sent, 1);
    expect((await s.api(`/api/film/${sent}/timeline`, { token: me.token })).body.status).toBe("sent");
  });

  it("delivers an order's rolls, and the customer's rolls received into it, when the lab sends the order", async () => {
    const { photographer, lab } = people(s);
    const customer = await photographer("Joan Serra");
    const theLab = await lab("Foto Lab Girona");
    // The customer's own roll, received by its sticker, scanned by the lab.
    const own = await ownRoll(s, customer, "Delta de l'Ebre");
    const shortId = await stick(s, customer, own);
    await s.api(`/api/film/${own}/status`, { method: "POST", token: customer.token, body: { status: "sent", lab_id: theLab.sub } });
    const received = await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: theLab.token });
    const orderId = received.body.order_id as string;
    for (const next of ["developed", "scanned"]) {
      await s.api(`/api/lab/films/${own}/status`, { method: "POST", token: theLab.token, body: { status: next } });
    }
    // The lab's roll in the same order, with its scans.
    const film = await s.api(`/api/orders/${orderId}/films`, { method: "POST", token: theLab.token, body: roll });
    await upload(s, theLab.token, film.body.id, 1, await jpeg(320, 240));
    await waitForShots(s, theLab.token, film.body.id, 1);
    expect((await s.api(`/api/lab/films/${film.body.id}/timeline`, { token: theLab.token })).body.status).toBe("scanned");

    const feed = listen(s, ownerFeedId(theLab.sub));
    const sent = await s.api(`/api/orders/${orderId}/send?expiration=1440`, { method: "POST", token: theLab.token });
    expect(sent.status).toBe(200);
    feed.off();
    for (const id of [own, film.body.id]) {
      const timeline = (await s.api(`/api/lab/films/${id}/timeline`, { token: theLab.token })).body;
      expect(timeline.status, id).toBe("delivered");
      expect(timeline.events.at(-1)).toMatchObject({ status: "delivered", actor: "system" });
    }
    expect(feed.seen).toContainEqual({ type: "roll", film_id: own, status: "delivered", shared: false });
    expect(feed.seen).toContainEqual({ type: "roll", film_id: film.body.id, status: "delivered", shared: false });
    expect((await outboxTo(s, customer.email)).map((m) => m.subject)).toContain("Your roll Delta de l'Ebre is delivered");

    // The public order shows each roll with its timeline; the lab's roll made for the customer's shows that roll's.
    const code = new URL(sent.body.url).searchParams.get("code")!;
    const opened = await s.api("/api/public/order", { token: code });
    expect(opened.status).toBe(200);
    const steps = (id: string) =>
      opened.body.films.find((f: { id: string }) => f.id === id).timeline.map((e: { status: string }) => e.status);
    expect(steps(film.body.id)).toEqual(["scanned", "delivered"]);
    const copy = opened.body.films.find((f: { id: string }) => f.id !== film.body.id).id;
    expect(steps(copy)).toEqual(["sent", "received", "developed", "scanned", "delivered"]);
  });

  it("delivers an order's scanned rolls when the customer adds them to their account", async () => {
    const { photographer, lab } = people(s);
    const customer = await photographer();
    const theLab = await lab();
    const { orderId, filmId } = await labOrderRoll(s, theLab, customer.email);
    await upload(s, theLab.token, filmId, 1, await jpeg(320, 240));
    await waitForShots(s, theLab.token, filmId, 1);
    const share = await s.api(`/api/orders/${orderId}/share?expiration=60`, { method: "POST", token: theLab.token });
    const claimed = await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code: share.body.code } });
    expect(claimed.status).toBe(200);
    const timeline = await s.api(`/api/film/${filmId}/timeline`, { token: customer.token });
    expect(timeline.body.status).toBe("delivered");
    expect(timeline.body.events.map((e: { status: string }) => e.status)).toEqual(["scanned", "delivered"]);
    // The roll came from the lab's order: its lab still moves it (the negatives' fate).
    const held = await s.api(`/api/lab/films/${filmId}/status`, {
      method: "POST",
      token: theLab.token,
      body: { status: "archived", held_until: inDays(20) },
    });
    expect(held.status).toBe(200);
  });

  it("announces each step on the roll's feed and its owner's", async () => {
    const me = await people(s).photographer();
    const id = await ownRoll(s, me);
    const roll = listen(s, id);
    const owner = listen(s, ownerFeedId(me.sub));
    await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "loaded" } });
    roll.off();
    owner.off();
    expect(roll.seen).toEqual([{ type: "roll", film_id: id, status: "loaded", shared: false }]);
    expect(owner.seen).toEqual([{ type: "roll", film_id: id, status: "loaded", shared: false }]);
  });

  it("shows a visitor of the shared roll its steps live only once the owner shows the timeline", async () => {
    const me = await people(s).photographer();
    const id = await ownRoll(s, me);
    const share = await s.api(`/api/film/${id}/share`, { method: "POST", token: me.token });
    const feed = async (ticket: string) => {
      const got: { type: string; status?: string }[] = [];
      const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${id}?token=${encodeURIComponent(ticket)}`);
      ws.onmessage = (m) => got.push(JSON.parse(String(m.data)));
      await new Promise((resolve) => {
        ws.onopen = resolve;
      });
      await expect.poll(() => got.some((m) => m.type === "connected")).toBe(true);
      return { ws, steps: () => got.filter((m) => m.type === "roll").map((m) => m.status) };
    };
    const owner = await feed((await s.api(`/api/film/${id}/ws-ticket`, { method: "POST", token: me.token })).body.ticket);
    const visitor = await feed((await s.api("/api/public/film/ws-ticket", { method: "POST", token: share.body.code })).body.ticket);
    await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "loaded" } });
    await expect.poll(() => owner.steps()).toEqual(["loaded"]);
    await s.api(`/api/film/${id}/life`, { method: "PUT", token: me.token, body: { timeline_shared: true } });
    await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "shot" } });
    await expect.poll(() => visitor.steps()).toEqual(["shot"]);
    await expect.poll(() => owner.steps()).toEqual(["loaded", "shot"]);
    owner.ws.close();
    visitor.ws.close();
  });

  it("mails nobody who turned roll mails off in their profile", async () => {
    const { photographer, lab } = people(s);
    const owner = await photographer();
    const theLab = await lab();
    const off = await s.api("/api/user", { method: "PUT", token: owner.token, body: { roll_mail: false } });
    expect(off.status).toBe(200);
    expect(off.body.roll_mail).toBe(false);
    expect((await s.api("/api/user", { token: owner.token })).body.roll_mail).toBe(false);
    const filmId = await ownRoll(s, owner);
    const shortId = await stick(s, owner, filmId);
    await s.api(`/api/film/${filmId}/status`, { method: "POST", token: owner.token, body: { status: "sent", lab_id: theLab.sub } });
    expect((await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: theLab.token })).status).toBe(201);
    for (const next of ["developed", "scanned"]) {
      await s.api(`/api/lab/films/${filmId}/status`, { method: "POST", token: theLab.token, body: { status: next } });
    }
    expect(await outboxTo(s, owner.email)).toEqual([]);
    // On again: the next step is mailed.
    expect((await s.api("/api/user", { method: "PUT", token: owner.token, body: { roll_mail: true } })).body.roll_mail).toBe(true);
    await s.api(`/api/lab/films/${filmId}/status`, { method: "POST", token: theLab.token, body: { status: "delivered" } });
    expect((await outboxTo(s, owner.email)).map((m) => m.subject)).toEqual([`Your roll ${roll.name} is delivered`]);
  });

  it("mails in the photographer's language", async () => {
    const { photographer, lab } = people(s);
    const owner = await photographer("Lucía");
    await s.api("/api/user", { method: "PUT", token: owner.token, body: { locale: "es-ES" } });
    const theLab = await lab("Laboratorio Sur");
    const filmId = await ownRoll(s, owner, "Sierra");
    const shortId = await stick(s, owner, filmId);
    await s.api(`/api/film/${filmId}/status`, { method: "POST", token: owner.token, body: { status: "sent", lab_id: theLab.sub } });
    await s.api(`/api/lab/stickers/${shortId}/receive`, { method: "POST", token: theLab.token });
    expect((await outboxTo(s, owner.email)).map((m) => m.subject)).toEqual(["Laboratorio Sur recibió tu carrete Sierra"]);
  });

  it("keeps the negatives' place, suggests the owner's earlier places most used first, and shows the timeline on the shared roll only when chosen", async () => {
    const me = await people(s).photographer();
    const other = await people(s).photographer();
    // The free plan's three rolls.
    const ids = [await ownRoll(s, me), await ownRoll(s, me), await ownRoll(s, me)];
    const places = ["Binder 3 / page 12", "Old binder", "Binder 3 / page 12"];
    for (const [i, id] of ids.entries()) {
      const res = await s.api(`/api/film/${id}/life`, { method: "PUT", token: me.token, body: { storage_location: places[i] } });
      expect(res.status).toBe(200);
      expect(res.body.storage_location).toBe(places[i]);
    }
    const theirs = await ownRoll(s, other);
    await s.api(`/api/film/${theirs}/life`, { method: "PUT", token: other.token, body: { storage_location: "Binder of someone else" } });
    expect((await s.api("/api/film/storage-locations?q=binder", { token: me.token })).body).toEqual(["Binder 3 / page 12", "Old binder"]);
    expect((await s.api("/api/film/storage-locations?q=OLD", { token: me.token })).body).toEqual(["Old binder"]);
    expect((await s.api("/api/film/storage-locations?q=page%2012", { token: me.token })).body).toEqual(["Binder 3 / page 12"]);
    expect((await s.api("/api/film/storage-locations", { token: me.token })).body).toEqual(["Binder 3 / page 12", "Old binder"]);
    expect((await s.api(`/api/film/${ids[1]}`, { token: me.token })).body.storage_location).toBe("Old binder");
    const empty = await s.api(`/api/film/${ids[0]}/life`, { method: "PUT", token: me.token, body: {} });
    expect(empty.status).toBe(400);

    const id = ids[0]!;
    await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "shot" } });
    const share = await s.api(`/api/film/${id}/share`, { method: "POST", token: me.token });
    expect(share.status).toBe(200);
    const hidden = await s.api("/api/public/film", { token: share.body.code });
    expect(hidden.status).toBe(200);
    expect(hidden.body.timeline).toBeNull();
    expect(hidden.body.status).toBe("shot");
    const shown = await s.api(`/api/film/${id}/life`, { method: "PUT", token: me.token, body: { timeline_shared: true } });
    expect(shown.body.shared).toBe(true);
    const open = await s.api("/api/public/film", { token: share.body.code });
    expect(open.body.timeline).toEqual([expect.objectContaining({ status: "shot", actor: "owner" })]);
  });

  it("carries each roll's status and the place of its negatives in the data export", async () => {
    const me = await people(s).photographer();
    const id = await ownRoll(s, me, "Export roll");
    await s.api(`/api/film/${id}/status`, { method: "POST", token: me.token, body: { status: "shot" } });
    await s.api(`/api/film/${id}/life`, { method: "PUT", token: me.token, body: { storage_location: "Binder 7 / page 3" } });
    expect((await s.api("/api/account/export", { method: "POST", token: me.token })).status).toBe(202);
    let ready: { status: string; url: string } | undefined;
    await expect
      .poll(
        async () => {
          ready = (await s.api("/api/account/export", { token: me.token })).body;
          return ready?.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBe("ready");
    const path = join(tmpdir(), `${randomUUID()}.zip`);
    await writeFile(path, Buffer.from(await (await fetch(`${s.base}${ready!.url}`)).arrayBuffer()));
    const read = `import sys, zipfile\nprint(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())`;
    const exported = JSON.parse(execFileSync("python3", ["-c", read, path, "rolls/Export-roll/roll.json"]).toString());
    expect(exported).toMatchObject({ id, status: "shot", storage_location: "Binder 7 / page 3" });
  });

  it("reminds the photographer 14 and 3 days before the hold ends, once each, and not after opting out", async () => {
    const { photographer, lab } = people(s);
    const owner = await photographer("Pau");
    const quiet = await photographer("Quim");
    const theLab = await lab("Foto Lab Girona");
    const holdUntil = inDays(40);
    const rolls: string[] = [];
    for (const p of [owner, quiet]) {
      const { orderId, filmId } = await labOrderRoll(s, theLab, p.email);
      await upload(s, theLab.token, filmId, 1, await jpeg(320, 240));
      await waitForShots(s, theLab.token, filmId, 1);
      const share = await s.api(`/api/orders/${orderId}/share?expiration=60`, { method: "POST", token: theLab.token });
      expect((await s.api("/api/orders/claim", { method: "POST", token: p.token, body: { code: share.body.code } })).status).toBe(200);
      const held = await s.api(`/api/lab/films/${filmId}/status`, {
        method: "POST",
        token: theLab.token,
        body: { status: "archived", held_until: holdUntil },
      });
      expect(held.status).toBe(200);
      rolls.push(filmId);
    }
    await s.api("/api/user", { method: "PUT", token: quiet.token, body: { roll_mail: false } });
    const day = (d: number) => new Date(`${inDays(-d, new Date(`${holdUntil}T00:00:00Z`))}T08:17:00Z`);
    const reminders = async () => (await outboxTo(s, owner.email)).filter((m) => /keeps the negatives/.test(m.subject));

    expect(await s.latent.services.rollLife.remindHolds(day(15))).toBe(0);
    await s.latent.services.rollLife.remindHolds(day(14));
    await s.latent.services.rollLife.remindHolds(day(14));
    expect((await reminders()).map((m) => m.text.split("\n")[2])).toEqual([
      `Foto Lab Girona keeps the negatives of your roll ${roll.name} until ${new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${holdUntil}T00:00:00Z`))}: 14 days left. Ask for them back from the roll's page:`,
    ]);
    await s.latent.services.rollLife.remindHolds(day(3));
    await s.latent.services.rollLife.remindHolds(day(3));
    expect((await reminders()).map((m) => m.text.split("\n")[2])).toEqual([
      expect.stringContaining("14 days left"),
      expect.stringContaining("3 days left"),
    ]);
    expect((await outboxTo(s, quiet.email)).filter((m) => /keeps the negatives/.test(m.subject))).toEqual([]);
    const recorded = await s.latent.db.selectFrom("film_reminders").select(["film_id", "days"]).where("film_id", "in", rolls).execute();
    expect(recorded).toHaveLength(4);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("hold reminders with two instances on one PostgreSQL", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "latent-test-"));
    const schema = `test_${randomUUID().replaceAll("-", "")}`;
    const env = { SECRET_KEY: `roll-life-${randomUUID()}` };
    a = await startServer("postgres", env, { dataDir, schema, keepData: true });
    b = await startServer("postgres", env, { dataDir, schema });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("sends each reminder once when both instances run the day's job at the same time", async () => {
    const { photographer, lab } = people(a);
    const theLab = await lab();
    const owner = await photographer();
    const { orderId, filmId } = await labOrderRoll(a, theLab, owner.email);
    await upload(a, theLab.token, filmId, 1, await jpeg(320, 240));
    await waitForShots(a, theLab.token, filmId, 1);
    const share = await a.api(`/api/orders/${orderId}/share?expiration=60`, { method: "POST", token: theLab.token });
    await a.api("/api/orders/claim", { method: "POST", token: owner.token, body: { code: share.body.code } });
    const holdUntil = inDays(30);
    await a.api(`/api/lab/films/${filmId}/status`, {
      method: "POST",
      token: theLab.token,
      body: { status: "archived", held_until: holdUntil },
    });
    const at = new Date(new Date(`${holdUntil}T08:17:00Z`).getTime() - 14 * 86_400_000);
    const sent = await Promise.all([a.latent.services.rollLife.remindHolds(at), b.latent.services.rollLife.remindHolds(at)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect((await outboxTo(a, owner.email)).filter((m) => /keeps the negatives/.test(m.subject))).toHaveLength(1);
  });
});
