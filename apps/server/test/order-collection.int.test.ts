import { randomUUID } from "node:crypto";
import { SCOPES } from "@latent/domain/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/** A lab or a photographer as the identity provider would sign them (a photographer has accepted the policy). */
async function signIn(s: TestServer, role: "lab" | "user", email = `${randomUUID()}@example.com`) {
  const sub = randomUUID();
  const token = await s.token({ sub, email, role });
  if (role === "user") await s.api("/api/user/privacy-policy", { method: "POST", token });
  return { sub, email, token };
}

interface FeedEvent {
  type: string;
  film_id?: string;
  order_id?: string;
  state?: string;
  status?: string | null;
}

/** The lab's orders feed, opened with a fresh ticket: what it received so far, and a way to wait for one event. */
async function openOrdersFeed(s: TestServer, token: string) {
  const ticket = await s.api("/api/orders/ws-ticket", { method: "POST", token });
  expect(ticket.status).toBe(200);
  const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${encodeURIComponent(ticket.body.feed)}?token=${ticket.body.ticket}`);
  const events: FeedEvent[] = [];
  const waiters: { test: (e: FeedEvent) => boolean; resolve: () => void }[] = [];
  ws.onmessage = (m) => {
    const event = JSON.parse(String(m.data)) as FeedEvent;
    events.push(event);
    for (const w of waiters.filter((x) => x.test(event))) w.resolve();
  };
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  return {
    events,
    feed: ticket.body.feed as string,
    ticket: ticket.body.ticket as string,
    /** Resolves at the first event (already received or to come) that passes `test`. */
    next: (test: (e: FeedEvent) => boolean) =>
      new Promise<void>((resolve) => {
        if (events.some(test)) return resolve();
        waiters.push({ test, resolve });
      }),
    close: () => ws.close(),
  };
}

/** Opens a feed id with a ticket: "open" or "refused". */
const tryFeed = (s: TestServer, feed: string, ticket: string) =>
  new Promise<string>((resolve) => {
    const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${encodeURIComponent(feed)}?token=${encodeURIComponent(ticket)}`);
    ws.onopen = () => {
      ws.close();
      resolve("open");
    };
    ws.onerror = () => resolve("refused");
  });

describe.each(DATABASES)("a lab learning that its customer collected an order, on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("records what the customer took as it leaves the lab, and shows it to that lab alone", async () => {
    const lab = await signIn(s, "lab");
    const otherLab = await signIn(s, "lab");
    const customerEmail = `${randomUUID()}@example.com`;
    const { body: order } = await s.api("/api/orders", {
      method: "POST",
      token: lab.token,
      body: { reference: "#2048", user_name: "Joan Puig", user_email: customerEmail },
    });
    const first = (await s.api(`/api/orders/${order.id}/films`, { method: "POST", token: lab.token, body: roll })).body;
    const second = (await s.api(`/api/orders/${order.id}/films`, { method: "POST", token: lab.token, body: { ...roll, name: "B" } })).body;
    const scans = [await jpeg(320, 240, 1), await jpeg(300, 200, 2), await jpeg(240, 160, 3)];
    await upload(s, lab.token, first.id, 1, scans[0]!);
    await upload(s, lab.token, first.id, 2, scans[1]!);
    await upload(s, lab.token, second.id, 1, scans[2]!);
    await waitForShots(s, lab.token, first.id, 2);
    await waitForShots(s, lab.token, second.id, 1);
    const bytes = scans.reduce((sum, b) => sum + b.length, 0);

    const { code } = (await s.api(`/api/orders/${order.id}/send`, { method: "POST", token: lab.token })).body;
    const before = (await s.api(`/api/labs/${lab.sub}`, { token: lab.token })).body.orders;
    expect(before).toEqual({ created: 0, shared: 0, sent: 1, collected: 0, total: 1 });
    expect((await s.api(`/api/orders/${order.id}`, { token: lab.token })).body).toMatchObject({ status: "sent", collected: null });

    const customer = await signIn(s, "user", customerEmail);
    expect((await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } })).status).toBe(200);

    const seen = (await s.api(`/api/orders/${order.id}`, { token: lab.token })).body;
    expect(seen.status).toBe("collected");
    expect(seen.films).toEqual([]);
    expect(seen.collected).toEqual({ by: "Joan Puig", at: seen.claimed_at, rolls: 2, scans: 3, bytes });
    const listed = (await s.api("/api/orders", { token: lab.token })).body;
    expect(listed.find((o: { id: string }) => o.id === order.id)?.collected).toEqual(seen.collected);
    const collectedOnly = (await s.api("/api/orders?status=collected", { token: lab.token })).body;
    expect(collectedOnly.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await s.api("/api/orders?status=sent", { token: lab.token })).body).toEqual([]);
    expect((await s.api(`/api/labs/${lab.sub}`, { token: lab.token })).body.orders).toEqual({
      created: 0,
      shared: 0,
      sent: 0,
      collected: 1,
      total: 1,
    });

    // The customer's page says when the rolls went to their account.
    const page = (await s.api("/api/public/order", { headers: { authorization: `Bearer ${code}` } })).body;
    expect(page).toMatchObject({ claimed: true, claimed_at: seen.claimed_at, films: [] });

    // A new link for a collected order leaves it collected; a roll added to it would reach nobody.
    expect((await s.api(`/api/orders/${order.id}/share`, { method: "POST", token: lab.token })).status).toBe(200);
    expect((await s.api(`/api/orders/${order.id}`, { token: lab.token })).body.status).toBe("collected");
    const late = await s.api(`/api/orders/${order.id}/films`, { method: "POST", token: lab.token, body: roll });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("order-collected");
    const resent = await s.api(`/api/orders/${order.id}/send`, { method: "POST", token: lab.token });
    expect(resent.status).toBe(409);
    expect(resent.body.error).toBe("order-collected");

    // Another lab learns nothing of it.
    expect((await s.api(`/api/orders/${order.id}`, { token: otherLab.token })).status).toBe(404);
    expect((await s.api("/api/orders?status=collected", { token: otherLab.token })).body).toEqual([]);
    expect((await s.api(`/api/labs/${otherLab.sub}`, { token: otherLab.token })).body.orders).toMatchObject({ collected: 0, total: 0 });
    expect((await s.api(`/api/labs/${lab.sub}`, { token: otherLab.token })).body).not.toHaveProperty("orders");
  });
});

describe.each(DATABASES)("a lab's orders feed on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());

  it("carries its order rolls' scans and its orders' changes up to the collection, and nothing of anyone else's", async () => {
    const lab = await signIn(s, "lab");
    const otherLab = await signIn(s, "lab");
    const customerEmail = `${randomUUID()}@example.com`;
    const feed = await openOrdersFeed(s, lab.token);
    const otherFeed = await openOrdersFeed(s, otherLab.token);

    const { body: order } = await s.api("/api/orders", {
      method: "POST",
      token: lab.token,
      body: { reference: "#7", user_name: "Joan", user_email: customerEmail },
    });
    const { body: film } = await s.api(`/api/orders/${order.id}/films`, { method: "POST", token: lab.token, body: roll });
    await upload(s, lab.token, film.id, 1, await jpeg(320, 240));
    await waitForShots(s, lab.token, film.id, 1);
    await feed.next((e) => e.type === "shot" && e.film_id === film.id && e.state === "done");
    const { code } = (await s.api(`/api/orders/${order.id}/send`, { method: "POST", token: lab.token })).body;
    const customer = await signIn(s, "user", customerEmail);
    expect((await s.api("/api/orders/claim", { method: "POST", token: customer.token, body: { code } })).status).toBe(200);
    await feed.next((e) => e.type === "order" && e.status === "collected");

    expect(feed.events.filter((e) => e.type === "shot").map((e) => e.state)).toEqual(["uploading", "pending", "done"]);
    expect(feed.events.filter((e) => e.type === "order").map((e) => e.status)).toEqual(["created", "created", "sent", "collected"]);
    expect(feed.events.every((e) => e.type === "connected" || e.order_id === order.id || e.film_id === film.id)).toBe(true);

    // The roll is the customer's now: what they do with it no longer reaches the lab.
    await upload(s, customer.token, film.id, 2, await jpeg(200, 100));
    await waitForShots(s, customer.token, film.id, 2);
    // An event of the lab's own after the customer's upload: once it arrived, anything sent before it has too.
    const { body: marker } = await s.api("/api/orders", {
      method: "POST",
      token: lab.token,
      body: { reference: "#8", user_name: "Joan", user_email: customerEmail },
    });
    await feed.next((e) => e.type === "order" && e.order_id === marker.id);
    await otherFeed.next(() => true);
    expect(feed.events.filter((e) => e.type === "shot" && e.state === "done")).toHaveLength(1);
    // The other lab's feed opened, and heard nothing of this lab's orders or rolls.
    expect(otherFeed.events).toEqual([{ type: "connected", film_id: otherFeed.feed }]);
    feed.close();
    otherFeed.close();
  });

  it("opens only the caller's own feed, for a lab alone", async () => {
    const lab = await signIn(s, "lab");
    const otherLab = await signIn(s, "lab");
    const photographer = await signIn(s, "user");
    const mine = (await s.api("/api/orders/ws-ticket", { method: "POST", token: lab.token })).body;
    const theirs = (await s.api("/api/orders/ws-ticket", { method: "POST", token: otherLab.token })).body;
    expect(mine.feed).not.toBe(theirs.feed);
    // Another lab's ticket does not open this lab's feed, and a ticket opens its own feed once.
    expect(await tryFeed(s, mine.feed, theirs.ticket)).toBe("refused");
    expect(await tryFeed(s, mine.feed, mine.ticket)).toBe("open");
    expect(await tryFeed(s, mine.feed, mine.ticket)).toBe("refused");
    const refused = await s.api("/api/orders/ws-ticket", { method: "POST", token: photographer.token });
    expect(refused.status).toBe(403);
    // A photographer's token given every scope is still no lab.
    const stretched = await s.token({ sub: photographer.sub, email: photographer.email, role: "user", scopes: [...SCOPES] });
    const stillRefused = await s.api("/api/orders/ws-ticket", { method: "POST", token: stretched });
    expect(stillRefused.status).toBe(403);
    expect(stillRefused.body.error).toBe("labs-only");
    expect((await s.api("/api/orders/ws-ticket", { method: "POST" })).status).toBe(401);
    // A roll's ticket opens that roll's feed, not the owner's.
    const { body: film } = await s.api("/api/film", { method: "POST", token: photographer.token, body: roll });
    const rollTicket = (await s.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token: photographer.token })).body;
    expect(await tryFeed(s, `owner:${photographer.sub}`, rollTicket.ticket)).toBe("refused");
  });
});
