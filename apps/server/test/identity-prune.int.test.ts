import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signUp } from "./embedded-sign-in.ts";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

/**
 * The embedded provider's expired rows (ended sessions, used codes, lapsed tokens) are deleted by the hourly
 * identity.prune-expired job; without it they pile up for ever. Each row goes the first instant after its end and
 * not before: a sign-in still alive keeps working after a prune.
 */
describe.each(DATABASES)("identity payload pruning on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => s?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const prune = async (atMs: number) => {
    vi.useFakeTimers({ toFake: ["Date"], now: atMs });
    try {
      return await s.latent.identity.pruneExpired!();
    } finally {
      vi.useRealTimers();
    }
  };
  const rows = () =>
    s.latent.db.selectFrom("oidc_payloads").select(["id", "type", "expires_at"]).where("expires_at", "is not", null).execute();

  it("deletes each expired row the instant after its end, keeps the rest and the live sign-in", async () => {
    const { tokens } = await signUp(s, `prune-${Date.now()}@example.com`);
    const count = (await rows()).length;
    // Right now nothing of this sign-in has ended: a prune keeps it and the refresh token still works.
    await s.latent.identity.pruneExpired!();
    expect((await rows()).length).toBe(count);
    const config = (await s.api("/api/config")).body;
    const refresh = await fetch(`${s.base}/oidc/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: config.identity.client_id }),
    });
    expect(refresh.status).toBe(200);

    const before = await rows();
    const ends = [...new Set(before.map((r) => r.expires_at!.getTime()))].sort((a, b) => a - b);
    expect(ends.length).toBeGreaterThan(1);
    const first = ends[0]!;

    // At the very instant the earliest row ends it is still found, so it stays; a millisecond later it goes.
    await prune(first);
    expect((await rows()).map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    const gone = before.filter((r) => r.expires_at!.getTime() === first).length;
    expect(await prune(first + 1)).toBe(gone);
    const left = await rows();
    expect(left.length).toBe(before.length - gone);
    expect(left.every((r) => r.expires_at!.getTime() > first)).toBe(true);

    // Once every lifetime is over, nothing with an end is left.
    await prune(ends.at(-1)! + 1);
    expect(await rows()).toEqual([]);
  });
});
