import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FilmEvent } from "../src/platform/realtime/event-bus.ts";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";
import { labWithOrder } from "./order-fixtures.ts";

/**
 * Guests who answer without an account (issue 31): a name once per link, favourites, comments, "ask the lab" on an
 * order; everything scoped to the link its code opens; the owner's moderation, export and live refresh; rate limits;
 * the hourly digest mail with a controlled clock.
 */
describe.each(DATABASES)("guest answers on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const cookieOf = (res: { headers: Headers }) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  const visit = (path: string, code: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    s.api(path, {
      method: init.method ?? "GET",
      body: init.body,
      headers: { authorization: `Bearer ${code}`, ...(init.cookie ? { cookie: init.cookie } : {}) },
    });

  /** A roll of `frames` scans (file names scan-1…) shared by its owner with these settings. */
  const sharedRoll = async (frames: number, settings?: Record<string, unknown>) => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    for (let i = 1; i <= frames; i++) await upload(s, token, film.id, i, await jpeg(160, 120, i));
    const done = await waitForShots(s, token, film.id, frames);
    const share = await s.api(`/api/film/${film.id}/share?expiration=600`, { method: "POST", token, body: settings });
    const shots = (done.shots as { id: string; index: number }[]).sort((a, b) => a.index - b.index).map((x) => x.id);
    return { token, filmId: film.id as string, share: share.body as { id: string; code: string }, shots };
  };
  const guest = async (path: "film" | "order", code: string, name: string) => {
    const res = await visit(`/api/public/${path}/guest`, code, { method: "POST", body: { name } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return cookieOf(res);
  };
  const countUsers = async () =>
    Number(
      (
        await s.latent.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("lets a guest name themselves once, favourite frames and comment, and shows the owner who and when, live, with no account made", async () => {
    const { token, filmId, share, shots } = await sharedRoll(6);
    const users = await countUsers();
    const events: FilmEvent[] = [];
    const off = s.latent.bus.subscribe(filmId, (event) => events.push(event));

    // Before a name: reading works, writing asks for the name.
    expect((await visit("/api/public/film/answers", share.code)).body).toEqual({ guest: null, favourites: [], comments: [], requests: [] });
    const nameless = await visit(`/api/public/film/favourites/${shots[0]}`, share.code, { method: "PUT" });
    expect([nameless.status, nameless.body.error]).toEqual([401, "guest-name-required"]);

    const named = await visit("/api/public/film/guest", share.code, { method: "POST", body: { name: "  Marta  " } });
    expect(named.body).toMatchObject({ name: "Marta" });
    expect(named.headers.get("set-cookie")).toMatch(
      /^latent_guest_[\w-]+=[\w.-]+; Path=\/api\/public; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    const cookie = cookieOf(named);
    for (const shot of shots.slice(0, 5)) {
      expect((await visit(`/api/public/film/favourites/${shot}`, share.code, { method: "PUT", cookie })).status).toBe(204);
    }
    // Favouriting twice is one favourite; taking one out and back again is the same five.
    await visit(`/api/public/film/favourites/${shots[0]}`, share.code, { method: "PUT", cookie });
    await visit(`/api/public/film/favourites/${shots[4]}`, share.code, { method: "DELETE", cookie });
    await visit(`/api/public/film/favourites/${shots[4]}`, share.code, { method: "PUT", cookie });
    const onFrame = await visit("/api/public/film/comments", share.code, {
      method: "POST",
      cookie,
      body: { shot_id: shots[1], text: "Frame 2 a touch darker?\nThanks" },
    });
    expect(onFrame.status).toBe(201);
    expect(onFrame.body).toMatchObject({
      frame: 2,
      author: "Marta",
      mine: true,
      from_owner: false,
      text: "Frame 2 a touch darker?\nThanks",
    });
    await visit("/api/public/film/comments", share.code, { method: "POST", cookie, body: { shot_id: null, text: "Lovely roll" } });

    const mine = (await visit("/api/public/film/answers", share.code, { cookie })).body;
    expect(mine.guest).toMatchObject({ name: "Marta" });
    expect([...mine.favourites].sort()).toEqual(shots.slice(0, 5).sort());
    expect(mine.comments.map((c: { text: string }) => c.text)).toEqual(["Frame 2 a touch darker?\nThanks", "Lovely roll"]);

    const seen = (await s.api(`/api/film/${filmId}/answers`, { token })).body;
    expect(seen.favourites).toHaveLength(5);
    expect(seen.favourites[0]).toMatchObject({
      guest: { name: "Marta" },
      link_id: share.id,
      file_name: "scan-1",
      created_at: expect.any(String),
    });
    expect(seen.comments.map((c: { author: string; hidden: boolean }) => [c.author, c.hidden])).toEqual([
      ["Marta", false],
      ["Marta", false],
    ]);
    // Every change reached the roll's feed, carrying nothing but that answers changed.
    expect(events.filter((e) => e.type === "answers").length).toBeGreaterThanOrEqual(7);
    expect(events.find((e) => e.type === "answers")).toEqual({ type: "answers", film_id: filmId, order_id: null });
    off();
    // A guest is no account.
    expect(await countUsers()).toBe(users);

    // Export: the five file names, one per line (for Lightroom's filter), and as CSV with who.
    const txt = await fetch(`${s.base}/api/film/${filmId}/favourites?format=txt`, { headers: { authorization: `Bearer ${token}` } });
    expect(txt.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await txt.text()).toBe("scan-1\nscan-2\nscan-3\nscan-4\nscan-5\n");
    const csv = await fetch(`${s.base}/api/film/${filmId}/favourites?format=csv`, { headers: { authorization: `Bearer ${token}` } });
    expect((await csv.text()).split("\r\n").slice(0, 2)).toEqual(["file_name,frame,favourites,guests", "scan-1,1,1,Marta"]);
    expect((await s.api(`/api/film/${filmId}/favourites?format=txt`, { token: await photographer(s) })).status).toBe(404);
  });

  it("keeps each link's guests to their roll: a code for roll A neither reads nor writes roll B's answers", async () => {
    const a = await sharedRoll(1);
    const b = await sharedRoll(1);
    const cookieA = await guest("film", a.share.code, "Ana");
    await visit("/api/public/film/comments", a.share.code, {
      method: "POST",
      cookie: cookieA,
      body: { shot_id: null, text: "A's secret" },
    });
    // B's frame through A's code: not there.
    const foreign = await visit(`/api/public/film/favourites/${b.shots[0]}`, a.share.code, { method: "PUT", cookie: cookieA });
    expect([foreign.status, foreign.body.error]).toEqual([404, "not-found"]);
    const foreignComment = await visit("/api/public/film/comments", a.share.code, {
      method: "POST",
      cookie: cookieA,
      body: { shot_id: b.shots[0], text: "x" },
    });
    expect(foreignComment.status).toBe(404);
    // A's guest cookie with B's code is nobody there, and B's guests never see A's comments.
    expect((await visit(`/api/public/film/favourites/${b.shots[0]}`, b.share.code, { method: "PUT", cookie: cookieA })).body.error).toBe(
      "guest-name-required",
    );
    const fromB = (await visit("/api/public/film/answers", b.share.code, { cookie: cookieA })).body;
    expect(fromB).toEqual({ guest: null, favourites: [], comments: [], requests: [] });
    expect((await s.api(`/api/film/${b.filmId}/answers`, { token: b.token })).body.comments).toEqual([]);
    // The owner of B reaches nothing of A.
    expect((await s.api(`/api/film/${a.filmId}/answers`, { token: b.token })).status).toBe(404);
    // A second link of roll A sees the owner's own comments, not the first link's guests'.
    const second = await s.api(`/api/film/${a.filmId}/share`, { method: "POST", token: a.token });
    await s.api(`/api/film/${a.filmId}/comments`, { method: "POST", token: a.token, body: { shot_id: null, text: "Scanned on Sunday" } });
    const other = (await visit("/api/public/film/answers", second.body.code)).body.comments.map((c: { text: string }) => c.text);
    expect(other).toEqual(["Scanned on Sunday"]);
  });

  it("lets the owner reply, hide and delete: hidden comments are invisible to guests", async () => {
    const { token, filmId, share, shots } = await sharedRoll(1);
    const cookie = await guest("film", share.code, "Leo");
    const rude = await visit("/api/public/film/comments", share.code, {
      method: "POST",
      cookie,
      body: { shot_id: shots[0], text: "spam spam" },
    });
    const kind = await visit("/api/public/film/comments", share.code, {
      method: "POST",
      cookie,
      body: { shot_id: shots[0], text: "Print this one?" },
    });
    const reply = await s.api(`/api/film/${filmId}/comments`, {
      method: "POST",
      token,
      body: { shot_id: shots[0], text: "Yes, on baryta", reply_to: kind.body.id },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ from_owner: true, reply_to: kind.body.id, link_id: share.id, hidden: false });
    const hidden = await s.api(`/api/film/${filmId}/comments/${rude.body.id}`, { method: "PUT", token, body: { hidden: true } });
    expect(hidden.body.hidden).toBe(true);
    const guestSees = (await visit("/api/public/film/answers", share.code, { cookie })).body.comments;
    expect(guestSees.map((c: { text: string; from_owner: boolean }) => [c.text, c.from_owner])).toEqual([
      ["Print this one?", false],
      ["Yes, on baryta", true],
    ]);
    const ownerSees = (await s.api(`/api/film/${filmId}/answers`, { token })).body.comments;
    expect(ownerSees.find((c: { id: string }) => c.id === rude.body.id)).toMatchObject({ hidden: true });
    // Deleting a comment takes its replies with it; a stranger deletes nothing.
    expect((await s.api(`/api/film/${filmId}/comments/${kind.body.id}`, { method: "DELETE", token: await photographer(s) })).status).toBe(
      404,
    );
    expect((await s.api(`/api/film/${filmId}/comments/${kind.body.id}`, { method: "DELETE", token })).status).toBe(204);
    expect((await s.api(`/api/film/${filmId}/answers`, { token })).body.comments.map((c: { id: string }) => c.id)).toEqual([rude.body.id]);
    expect((await s.api(`/api/film/${filmId}/comments/${kind.body.id}`, { method: "DELETE", token })).body.error).toBe("comment-not-found");
  });

  it("refuses answers on a link that turned them off, text with control characters, and too many at once", async () => {
    const { token, filmId, share, shots } = await sharedRoll(1, { guest_answers: false });
    expect((await visit("/api/public/film/guest", share.code, { method: "POST", body: { name: "Ana" } })).body.error).toBe(
      "guest-answers-off",
    );
    expect((await visit("/api/public/film/answers", share.code)).body.error).toBe("guest-answers-off");
    await s.api(`/api/film/${filmId}/shares/${share.id}`, { method: "PUT", token, body: { guest_answers: true } });
    const cookie = await guest("film", share.code, "Ana");
    for (const text of ["bad\u0000text", "bell\u0007", "", " ".repeat(3), "x".repeat(1001)]) {
      const res = await visit("/api/public/film/comments", share.code, { method: "POST", cookie, body: { shot_id: null, text } });
      expect(res.status, JSON.stringify(text)).toBe(400);
    }
    expect((await visit("/api/public/film/guest", share.code, { method: "POST", body: { name: "a\u001bb" } })).status).toBe(400);
    // Sixty writes a minute per client and link, then 429 with Retry-After.
    let last = await visit(`/api/public/film/favourites/${shots[0]}`, share.code, { method: "PUT", cookie });
    for (let i = 0; i < 60 && last.status === 204; i++)
      last = await visit(`/api/public/film/favourites/${shots[0]}`, share.code, { method: "PUT", cookie });
    expect([last.status, last.body.error]).toEqual([429, "guest-answers-rate-limited"]);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets an order's guest ask the lab for a rescan or a print; the lab sees requests, counts open ones and marks them done", async () => {
    const lab = await labWithOrder(s, { name: "Lab Answers" });
    const sent = await lab.send();
    const code = sent.body.code as string;
    const order = (await visit("/api/public/order", code)).body;
    const shot = order.films[0].shots[0].id as string;
    const events: FilmEvent[] = [];
    const off = s.latent.bus.subscribe(`owner:${lab.sub}`, (event) => events.push(event));
    const cookie = await guest("order", code, "Ana García");
    const asked = await visit("/api/public/order/requests", code, {
      method: "POST",
      cookie,
      body: { kind: "rescan", shot_id: shot, note: "darker" },
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ kind: "rescan", frame: 1, note: "darker", author: "Ana García", done_at: null });
    await visit("/api/public/order/comments", code, { method: "POST", cookie, body: { shot_id: null, text: "Thanks!" } });
    await visit(`/api/public/order/favourites/${shot}`, code, { method: "PUT", cookie });
    expect(events).toContainEqual({ type: "answers", film_id: null, order_id: lab.orderId });
    off();

    const listed = (await s.api("/api/orders", { token: lab.token })).body.find((o: { id: string }) => o.id === lab.orderId);
    expect(listed.open_requests).toBe(1);
    const requests = (await s.api(`/api/orders/${lab.orderId}/requests`, { token: lab.token })).body;
    expect(requests).toEqual([expect.objectContaining({ id: asked.body.id, guest: expect.objectContaining({ name: "Ana García" }) })]);
    const answers = (await s.api(`/api/orders/${lab.orderId}/answers`, { token: lab.token })).body;
    expect([answers.favourites.length, answers.comments.length, answers.requests.length]).toEqual([1, 1, 1]);
    const done = await s.api(`/api/orders/${lab.orderId}/requests/${asked.body.id}`, {
      method: "PUT",
      token: lab.token,
      body: { done: true },
    });
    expect(done.body.done_at).toEqual(expect.any(String));
    expect((await s.api(`/api/orders/${lab.orderId}`, { token: lab.token })).body.open_requests).toBe(0);
    // The lab's reply carries its name; the guest sees their own request and the reply.
    await s.api(`/api/orders/${lab.orderId}/comments`, { method: "POST", token: lab.token, body: { shot_id: null, text: "Rescanned" } });
    const guestView = (await visit("/api/public/order/answers", code, { cookie })).body;
    expect(guestView.requests).toHaveLength(1);
    expect(guestView.comments.map((c: { author: string }) => c.author)).toEqual(["Ana García", "Lab Answers"]);
    // Another lab reaches none of it.
    const other = await labWithOrder(s, { name: "Other Lab" });
    expect((await s.api(`/api/orders/${lab.orderId}/requests`, { token: other.token })).body.error).toBe("order-not-found");
    expect((await s.api(`/api/orders/${lab.orderId}/answers`, { token: other.token })).body.error).toBe("order-not-found");
  });

  it("mails the owner one digest per link per hour at most, in their language, and none once they opted out", async () => {
    const { token, share } = await sharedRoll(1);
    const me = (await s.api("/api/user", { token })).body;
    await s.api("/api/user", { method: "PUT", token, body: { locale: "es-ES" } });
    const mails = () => s.latent.db.selectFrom("outbox").selectAll().where("to", "=", me.email).execute();
    const cookie = await guest("film", share.code, "Ana");
    const comment = (text: string) =>
      visit("/api/public/film/comments", share.code, { method: "POST", cookie, body: { shot_id: null, text } });
    const { guestAnswers } = s.latent.services;

    await comment("first");
    await guestAnswers.sendDigests();
    expect(await mails()).toHaveLength(1);
    const [first] = await mails();
    expect(first!.subject).toContain("invitados");
    expect(first!.text).toContain("1 comentario nuevo");

    // Another answer at once waits for the hour; the digest job finds nothing due until then.
    await comment("second");
    await comment("third");
    await guestAnswers.sendDigests();
    expect(await mails()).toHaveLength(1);
    const hourLater = Date.now() + 3600_000 + 1000;
    vi.useFakeTimers({ toFake: ["Date"], now: hourLater });
    await guestAnswers.sendDigests();
    vi.useRealTimers();
    const after = await mails();
    expect(after).toHaveLength(2);
    expect(after.map((m) => m.text).find((t) => t !== first!.text)).toContain("2 comentarios nuevos");

    // Opted out: answers wait for no mail.
    expect((await s.api("/api/user", { method: "PUT", token, body: { guest_mail: false } })).body.guest_mail).toBe(false);
    await comment("fourth");
    vi.useFakeTimers({ toFake: ["Date"], now: hourLater + 2 * 3600_000 });
    await guestAnswers.sendDigests();
    vi.useRealTimers();
    expect(await mails()).toHaveLength(2);
  });

  it("takes 20 favourites of one frame at once as one, and refuses those racing the frame's deletion with 404, never 500", async () => {
    const { token, filmId, share, shots } = await sharedRoll(2);
    const cookie = await guest("film", share.code, "Ona");
    const favourite = (shot: string) => visit(`/api/public/film/favourites/${shot}`, share.code, { method: "PUT", cookie });
    expect((await Promise.all(Array.from({ length: 20 }, () => favourite(shots[0]!)))).map((r) => r.status)).toEqual(Array(20).fill(204));
    expect((await s.api(`/api/film/${filmId}/answers`, { token })).body.favourites).toHaveLength(1);

    // The frame goes while its favourites are on their way: each finds it or not, and none is kept without it.
    const racing = await Promise.all([
      ...Array.from({ length: 20 }, () => favourite(shots[1]!)),
      s.api(`/api/film/shot/${filmId}/2`, { method: "DELETE", token }),
    ]);
    for (const res of racing.slice(0, 20)) expect([204, 404], JSON.stringify(res.body)).toContain(res.status);
    expect(racing[20]!.status).toBe(204);
    const kept = await s.latent.db.selectFrom("guest_favourites").select("shot_id").where("shot_id", "=", shots[1]!).execute();
    expect(kept).toEqual([]);
  });

  it("lets 20 new guests arriving at once take only the places a link has left in its hour", async () => {
    const { filmId, share } = await sharedRoll(1);
    const { user_id } = await s.latent.db.selectFrom("films").select("user_id").where("id", "=", filmId).executeTakeFirstOrThrow();
    // The link already gained all its guests of the hour but one.
    await s.latent.db
      .insertInto("guests")
      .values(
        Array.from({ length: 199 }, (_, i) => ({
          owner_id: user_id,
          film_id: filmId,
          link_id: share.id,
          name: `Guest ${i}`,
          created_at: new Date(),
        })),
      )
      .execute();
    const arriving = await Promise.all(
      Array.from({ length: 20 }, (_, i) => visit("/api/public/film/guest", share.code, { method: "POST", body: { name: `New ${i}` } })),
    );
    expect(arriving.map((r) => r.status).sort()).toEqual([200, ...Array(19).fill(429)]);
    const { n } = await s.latent.db
      .selectFrom("guests")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("link_id", "=", share.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(200);
  });
});
