import { describe, expect, it } from "vitest";
import { createLoginLock, LOGIN_LOCK_TIMEOUT_MS } from "./login-lock.ts";

/** One localStorage shared by "tabs", and one clock they all read. */
function world() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const clock = { now: 1_000_000 };
  const tab = (page: EventTarget = new EventTarget()) =>
    createLoginLock({
      storage,
      now: () => clock.now,
      sleep: async (ms) => {
        clock.now += ms;
      },
      page,
    });
  return { storage, clock, tab };
}

describe("login lock", () => {
  it("is free at once for another page when the page holding it goes away (to the provider's sign-in, or closed)", async () => {
    const { tab, clock } = world();
    const leaving = new EventTarget();
    const signingIn = tab(leaving);
    await signingIn.acquire();
    const opened = tab();
    expect(opened.tryAcquire()).toBe(false);
    leaving.dispatchEvent(new Event("pagehide"));
    const before = clock.now;
    await opened.acquire();
    // No wait for the lapse: the lock was free.
    expect(clock.now).toBe(before);
  });

  it("leaves another page's lock alone when its own page goes away", async () => {
    const { tab } = world();
    const holder = tab();
    const bystanderPage = new EventTarget();
    tab(bystanderPage);
    await holder.acquire();
    bystanderPage.dispatchEvent(new Event("pagehide"));
    expect(tab().tryAcquire()).toBe(false);
  });

  it("lets only one of two tabs start a sign-in", () => {
    const { tab } = world();
    const first = tab();
    const second = tab();
    expect(first.tryAcquire()).toBe(true);
    expect(second.tryAcquire()).toBe(false);
    expect(first.tryAcquire()).toBe(true);
  });

  it("frees the lock for the other tab once released", () => {
    const { tab } = world();
    const first = tab();
    const second = tab();
    first.tryAcquire();
    first.release();
    expect(second.tryAcquire()).toBe(true);
  });

  it("lapses 5 s after a tab took it and never released it (it left for the provider)", () => {
    const { tab, clock } = world();
    const first = tab();
    const second = tab();
    first.tryAcquire();
    clock.now += LOGIN_LOCK_TIMEOUT_MS - 1;
    expect(second.tryAcquire()).toBe(false);
    clock.now += 1;
    expect(second.tryAcquire()).toBe(true);
  });

  it("does not let a tab release a lock another tab holds", () => {
    const { tab } = world();
    const first = tab();
    const second = tab();
    first.tryAcquire();
    second.release();
    expect(second.tryAcquire()).toBe(false);
  });

  it("makes a waiting tab wait until the holder is done, then run", async () => {
    const { tab, clock } = world();
    const first = tab();
    const second = tab();
    first.tryAcquire();
    const startedAt = clock.now;
    const order: string[] = [];
    const waiting = second.run(async () => {
      order.push("second");
    });
    await Promise.resolve();
    order.push("first done");
    first.release();
    await waiting;
    expect(order).toEqual(["first done", "second"]);
    expect(clock.now - startedAt).toBeLessThanOrEqual(LOGIN_LOCK_TIMEOUT_MS);
  });

  it("waits no longer than the lock's 5 s lapse", async () => {
    const { tab, clock } = world();
    tab().tryAcquire();
    const startedAt = clock.now;
    await tab().run(async () => undefined);
    expect(clock.now - startedAt).toBeGreaterThanOrEqual(LOGIN_LOCK_TIMEOUT_MS);
    expect(clock.now - startedAt).toBeLessThanOrEqual(LOGIN_LOCK_TIMEOUT_MS + 200);
  });

  it("releases after the task, even when it fails", async () => {
    const { tab } = world();
    const first = tab();
    await expect(first.run(async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(tab().tryAcquire()).toBe(true);
  });
});
