import { describe, expect, it } from "vitest";
import { createHashingQueue, hashPassword, MAX_CONCURRENT_HASHES, passwordHashing, verifyPassword } from "./passwords.ts";

describe("password hashing", () => {
  it("verifies the right password and refuses another, with a fresh salt each time", async () => {
    const a = await hashPassword("Tri-X 400 pushed");
    const b = await hashPassword("Tri-X 400 pushed");
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("Tri-X 400 pushed", a)).toBe(true);
    expect(await verifyPassword("Tri-X 400", a)).toBe(false);
    expect(await verifyPassword("anything", "garbage")).toBe(false);
  });

  it("never runs more than two hashes at once, leaving libuv's other threads to file reads", async () => {
    expect(MAX_CONCURRENT_HASHES).toBeGreaterThanOrEqual(1);
    expect(MAX_CONCURRENT_HASHES).toBeLessThanOrEqual(2);
    const stored = await hashPassword("Portra 400 at box speed");
    const checks = Array.from({ length: 6 }, () => verifyPassword("a wrong guess", stored));
    expect(passwordHashing.active).toBe(MAX_CONCURRENT_HASHES);
    expect(passwordHashing.waiting).toBe(6 - MAX_CONCURRENT_HASHES);
    expect(await Promise.all(checks)).toEqual(Array(6).fill(false));
    expect(passwordHashing.active).toBe(0);
    expect(passwordHashing.waiting).toBe(0);
    // Seven scrypt hashes two at a time: seconds on a machine busy with other tests.
  }, 60_000);
});

describe("the hashing queue", () => {
  it("runs at most K tasks at once, in order, and a failing task frees its slot", async () => {
    const queue = createHashingQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const task = (i: number) =>
      queue.run(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => finish.push(resolve));
        running -= 1;
        if (i === 1) throw new Error("scrypt failed");
        return i;
      });
    const results = Array.from({ length: 5 }, (_, i) => task(i).catch((err: Error) => err.message));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    // Each finished task lets exactly one waiter in; a newcomer arriving meanwhile queues behind the waiters.
    while (finish.length) {
      finish.shift()!();
      await new Promise((r) => setImmediate(r));
      expect(running).toBeLessThanOrEqual(2);
      expect(queue.active).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(results)).toEqual([0, "scrypt failed", 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(queue.active).toBe(0);
  });
});
