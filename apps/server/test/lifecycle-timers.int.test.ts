import { randomUUID } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { PLANS } from "@latent/domain/plans";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bigTiff, jpeg, photographer, putChunk, roll, upload, waitForShots } from "./film-fixtures.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The lifecycle timers of the daily and hourly jobs, each pinned on both sides of its boundary: the last instant a
 * rule keeps something and the first it acts. The clock the services read is Date, held still by vitest at the
 * instant under test; each job's service is called the way its schedule calls it, without a time of its own.
 */
describe.each(DATABASES)("lifecycle timers on %s", (kind) => {
  let s: TestServer;
  // Declared scans (uploads started, not sent) fill a plan's storage quickly and cheaply.
  const GB = 1_000_000_000;
  beforeAll(async () => {
    s = await startServer(kind, { UPLOAD_MAX_BYTES: String(1024 ** 3) });
  });
  afterAll(async () => s?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs `fn` with the server's clock held at `ms`; tokens are minted on the real clock, so no request is made here. */
  const at = async <T>(ms: number, fn: () => Promise<T>) => {
    vi.useFakeTimers({ toFake: ["Date"], now: ms });
    try {
      return await fn();
    } finally {
      vi.useRealTimers();
    }
  };
  /** Now, on a whole second: times derived from it are exact in every column and every ticket. */
  const aSecondAhead = () => Math.ceil(Date.now() / 1000) * 1000 + 1000;
  const person = async () => {
    const sub = randomUUID();
    const email = `${sub}@example.com`;
    const token = await s.token({ sub, email });
    await s.api("/api/user/privacy-policy", { method: "POST", token });
    return { sub, email, token };
  };
  const shotsOf = async (token: string, filmId: string) =>
    (
      (await s.api(`/api/film/${filmId}`, { token })).body.shots as {
        id: string;
        index: number;
        state: string;
        error_code: string | null;
      }[]
    ).sort((a, b) => a.index - b.index);
  const storedFilesOf = async (ids: string[]) => {
    const found: string[] = [];
    for (const p of await readdir(s.storeRoot, { recursive: true }).catch(() => [] as string[])) {
      if (ids.some((id) => p.includes(id)) && (await stat(join(s.storeRoot, p))).isFile()) found.push(p);
    }
    return found;
  };

  it("keeps an inactive account's files for exactly 30 days and deletes them the next instant, once", async () => {
    const since = aSecondAhead();
    const accounts = [];
    // Two accounts a millisecond apart: one run at the first instant past 30 days takes the first and not the second.
    for (const offset of [0, 1]) {
      const p = await person();
      const { body: film } = await s.api("/api/film", { method: "POST", token: p.token, body: roll });
      await upload(s, p.token, film.id, 1, await jpeg(320, 240, offset + 1));
      await waitForShots(s, p.token, film.id, 1);
      const ids = (await shotsOf(p.token, film.id)).map((x) => x.id);
      expect((await storedFilesOf(ids)).length).toBeGreaterThan(0);
      await s.latent.services.users.setInactive(p.sub, new Date(since + offset));
      accounts.push({ ...p, film, ids });
    }
    const [first, second] = accounts as [(typeof accounts)[0], (typeof accounts)[0]];
    const { inactiveAccounts } = s.latent.services;

    await at(since + 30 * DAY, () => inactiveAccounts.runDaily());
    for (const a of accounts) expect((await shotsOf(a.token, a.film.id)).map((x) => x.id)).toEqual(a.ids);

    await at(since + 30 * DAY + 1, () => inactiveAccounts.runDaily());
    expect(await shotsOf(first.token, first.film.id)).toEqual([]);
    expect(await storedFilesOf(first.ids)).toEqual([]);
    expect((await shotsOf(second.token, second.film.id)).map((x) => x.id)).toEqual(second.ids);
    expect((await storedFilesOf(second.ids)).length).toBeGreaterThan(0);

    await at(since + 30 * DAY + 2, () => inactiveAccounts.runDaily());
    expect(await shotsOf(second.token, second.film.id)).toEqual([]);
    expect(await storedFilesOf(second.ids)).toEqual([]);
    // The accounts stay, with their rolls, still inactive.
    for (const a of accounts) {
      expect((await s.api(`/api/film/${a.film.id}`, { token: a.token })).status).toBe(200);
      expect((await s.api("/api/user", { token: a.token })).body.inactive_since).not.toBeNull();
    }
  });

  it("frees a fourteenth of what is over until the last instant of day 1, a half on day 13, and all of it from the first instant of day 14", async () => {
    const p = await person();
    await s.latent.services.entitlements.setPlan(p.sub, "artist");
    const { body: film } = await s.api("/api/film", { method: "POST", token: p.token, body: roll });
    // A kept scan first (the oldest, never deleted), then 19 unkept ones of 1 GB: over the free plan by 14 GB less a
    // little, so each day's share is one scan and a share one day off is a different number of scans.
    const little = 8_709_120;
    const kept = PLANS.free.maxStorageBytes + 14 * GB - 19 * GB - little;
    expect(kept).toBeGreaterThan(0);
    for (const [index, size] of [[1, kept], ...Array.from({ length: 19 }, (_, i) => [i + 2, GB])] as [number, number][]) {
      const begin = await s.api(`/api/film/shot/${film.id}/${index}/upload`, {
        method: "POST",
        token: p.token,
        body: { content_type: "image/tiff", content_length: size },
      });
      expect(begin.status).toBe(200);
    }
    const keep = await s.api(`/api/film/shot/${film.id}`, { method: "PUT", token: p.token, body: { shots: [{ index: 1, kept: true }] } });
    expect(keep.status).toBe(200);
    const since = aSecondAhead();
    await at(since, () => s.latent.services.entitlements.setPlan(p.sub, "free"));
    const me = async () => (await s.api("/api/user", { token: p.token })).body;
    expect([Date.parse((await me()).downgrading_since), (await me()).storage.used - PLANS.free.maxStorageBytes]).toEqual([
      since,
      14 * GB - little,
    ]);
    const indexes = async () => (await shotsOf(p.token, film.id)).map((x) => x.index);
    const from = (first: number) => [1, ...Array.from({ length: 21 - first }, (_, i) => first + i)];
    const { downgrades } = s.latent.services;

    // Day 1 until its last instant: 1/14 of what is over, one scan (1/13 would take two).
    await at(since + DAY - 1, () => downgrades.runDaily());
    expect(await indexes()).toEqual(from(3));
    // The last instant of day 13: half of what is still over, seven scans (all of it on day 14, five on day 12).
    await at(since + 13 * DAY - 1, () => downgrades.runDaily());
    expect(await indexes()).toEqual(from(10));
    // The first instant of day 14: all that is still over, six scans (three on day 13); usage fits and the clean-up ends.
    await at(since + 13 * DAY, () => downgrades.runDaily());
    expect(await indexes()).toEqual(from(16));
    const after = await me();
    expect(after.downgrading_since).toBeNull();
    expect(after.storage.used).toBeLessThanOrEqual(PLANS.free.maxStorageBytes);
  });

  it("keeps an operator's grant until the last instant of its period and ends it at the period's end", async () => {
    const p = await person();
    await s.api("/api/user", { token: p.token });
    const start = aSecondAhead();
    const end = await at(start, () => s.latent.services.purchases.grantMonths(p.sub, "unlimited", 2));
    const expected = new Date(start);
    expected.setUTCMonth(expected.getUTCMonth() + 2);
    expect(end.getTime()).toBe(expected.getTime());
    const plan = async () => (await s.api("/api/user", { token: p.token })).body.plan;
    expect(await plan()).toBe("unlimited");

    await at(end.getTime() - 1, () => s.latent.services.purchases.expireGrants());
    expect(await plan()).toBe("unlimited");
    await at(end.getTime(), () => s.latent.services.purchases.expireGrants());
    expect(await plan()).toBe("free");
    expect((await s.api("/api/purchases/my-subscriptions", { token: p.token })).body[0].status).toBe("canceled");
  });

  it("keeps a data export archive for 7 days to the millisecond, and the daily job deletes it from the instant it expires", async () => {
    const p = await person();
    // The whole export is built on a still clock, so its 7 days are counted from a known instant.
    const built = aSecondAhead();
    vi.useFakeTimers({ toFake: ["Date"], now: built });
    expect((await s.api("/api/account/export", { method: "POST", token: p.token })).status).toBe(202);
    let ready = (await s.api("/api/account/export", { token: p.token })).body;
    for (let i = 0; i < 300 && (ready.status === "queued" || ready.status === "running"); i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = (await s.api("/api/account/export", { token: p.token })).body;
    }
    vi.useRealTimers();
    expect(ready.status).toBe("ready");
    const expires = Date.parse(ready.expires_at);
    expect(expires).toBe(built + 7 * DAY);
    const archive = async () => (await readdir(s.storeRoot, { recursive: true })).filter((f) => f.endsWith(".zip") && f.includes(p.sub));
    expect(await archive()).toHaveLength(1);

    await at(expires - 1, () => s.latent.services.accountData.deleteExpired());
    expect(await archive()).toHaveLength(1);
    expect((await s.api("/api/account/export", { token: p.token })).body.status).toBe("ready");

    await at(expires, () => s.latent.services.accountData.deleteExpired());
    expect(await archive()).toEqual([]);
    expect((await s.api("/api/account/export", { token: p.token })).body).toMatchObject({ status: "expired", url: null });
  });

  it("fails an upload whose last part came exactly 30 minutes ago, and not a millisecond sooner", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const tiff = await bigTiff();
    const begin = await s.api(`/api/film/shot/${film.id}/2/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/tiff", content_length: tiff.length, file_name: "roll-02.tif" },
    });
    const size = begin.body.max_upload_size as number;
    const lastPart = aSecondAhead();
    vi.useFakeTimers({ toFake: ["Date"], now: lastPart });
    expect((await putChunk(s, begin.body.urls[0], token, tiff.subarray(0, size))).status).toBe(200);
    vi.useRealTimers();

    // UPLOAD_STALE_AFTER_MINUTES is 30 by default.
    await at(lastPart + 30 * MINUTE - 1, () => s.latent.uploads.failStalled());
    expect((await shotsOf(token, film.id)).map((x) => x.state)).toEqual(["uploading"]);
    await at(lastPart + 30 * MINUTE, () => s.latent.uploads.failStalled());
    expect((await shotsOf(token, film.id)).map((x) => [x.state, x.error_code])).toEqual([["error", "upload-stalled"]]);
  });

  it("sweeps an upload never completed more than 24 hours after it began, and keeps it until then", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const begin = await s.api(`/api/film/shot/${film.id}/1/upload`, {
      method: "POST",
      token,
      body: { content_type: "image/jpeg", content_length: 1000 },
    });
    expect(begin.status).toBe(200);
    // The database stamps an upload's start with its own clock: set it on a known instant.
    const began = aSecondAhead();
    await s.latent.db
      .updateTable("uploads")
      .set({ created_at: new Date(began) })
      .where("id", "=", begin.body.upload_id)
      .execute();

    await at(began + DAY, () => s.latent.uploads.sweepAbandoned());
    expect((await shotsOf(token, film.id)).map((x) => x.state)).toEqual(["uploading"]);
    await at(began + DAY + 1, () => s.latent.uploads.sweepAbandoned());
    expect(await shotsOf(token, film.id)).toEqual([]);
  });

  it("lists an expired share link to its owner for a day after it ended, and prunes it the next instant", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const made = aSecondAhead();
    vi.useFakeTimers({ toFake: ["Date"], now: made });
    const share = await s.api(`/api/film/${film.id}/share?expiration=5`, { method: "POST", token });
    vi.useRealTimers();
    const ended = made + 5 * MINUTE;
    expect([share.status, Date.parse(share.body.expires_at)]).toEqual([200, ended]);
    const listed = async () => ((await s.api(`/api/film/${film.id}/shares`, { token })).body as { id: string }[]).map((x) => x.id);

    await at(ended + DAY, () => s.latent.services.shares.prune());
    expect(await listed()).toEqual([share.body.id]);
    await at(ended + DAY + 1, () => s.latent.services.shares.prune());
    expect(await listed()).toEqual([]);
  });

  it("remembers a used feed ticket until the last instant it could be replayed, and forgets it after", async () => {
    const token = await photographer(s);
    const { body: film } = await s.api("/api/film", { method: "POST", token, body: roll });
    const openFeed = (ticket: string) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${s.base.replace("http", "ws")}/ws/${film.id}?token=${encodeURIComponent(ticket)}`);
        ws.onopen = () => {
          ws.close();
          resolve("open");
        };
        ws.onerror = () => resolve("refused");
      });
    const issued = aSecondAhead();
    vi.useFakeTimers({ toFake: ["Date"], now: issued });
    const { ticket, expires_in } = (await s.api(`/api/film/${film.id}/ws-ticket`, { method: "POST", token })).body;
    expect(await openFeed(ticket)).toBe("open");
    const lastValid = issued + expires_in * 1000;
    const nonce = ticket.split(".")[4];
    const remembered = async () =>
      (await s.latent.db.selectFrom("realtime_used_tickets").select("nonce").where("nonce", "=", nonce).execute()).length;

    // At its last valid instant the ticket's signature still holds: only the record of its use refuses a replay.
    vi.setSystemTime(lastValid);
    await s.latent.services.realtimeTickets.prune();
    expect(await remembered()).toBe(1);
    expect(await openFeed(ticket)).toBe("refused");
    vi.setSystemTime(lastValid + 1);
    await s.latent.services.realtimeTickets.prune();
    expect(await remembered()).toBe(0);
    expect(await openFeed(ticket)).toBe("refused");
  });
});
