import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

// scrypt is memory-hard and built into Node: N=2^15, r=8 costs 32 MiB per hash.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads share:
 * a burst of password checks (~130 ms each) held every thread and a thumbnail waited seconds behind them (issue 24).
 * At most this many hashes run at once, so at least half the pool stays free for file I/O, and on a two-core machine
 * one core stays free for everything else; the rest wait their turn.
 */
export const MAX_CONCURRENT_HASHES = Math.min(2, Math.max(1, availableParallelism() - 1));

/** A first-come, first-served queue running at most `max` tasks at once. */
export function createHashingQueue(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  // A finished task hands its slot straight to the first waiter, so no newcomer can slip in between.
  const next = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else active -= 1;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        return await task();
      } finally {
        next();
      }
    },
    /** Tasks running now (never more than `max`). */
    get active() {
      return active;
    },
    /** Tasks waiting for a slot. */
    get waiting() {
      return waiting.length;
    },
  };
}

/** Every scrypt computation of the process (sign-in, sign-up, password checks and changes) goes through this queue. */
export const passwordHashing = createHashingQueue(MAX_CONCURRENT_HASHES);

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  const expected = Buffer.from(hash, "base64url");
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so timing does not reveal which emails exist. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(16).toString("hex"));
