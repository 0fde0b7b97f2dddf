import type { Cooldown } from "./cooldown.ts";

/** Cooldowns of one process. Good for a single instance; several instances need the Redis one. */
export function createMemoryCooldown(now: () => number = Date.now): Cooldown {
  // Insertion order is expiry order while every caller uses the same window, so pruning stops at the first live key.
  const until = new Map<string, number>();
  const prune = (at: number) => {
    for (const [key, end] of until) {
      if (end > at) break;
      until.delete(key);
    }
  };
  return {
    async take(key, windowMs) {
      const at = now();
      prune(at);
      const end = until.get(key);
      if (end !== undefined && end > at) return false;
      until.delete(key);
      until.set(key, at + windowMs);
      return true;
    },
    async release(key) {
      until.delete(key);
    },
  };
}
