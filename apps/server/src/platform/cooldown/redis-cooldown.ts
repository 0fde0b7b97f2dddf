import type { Redis } from "ioredis";
import type { Cooldown } from "./cooldown.ts";

/** Cooldowns shared by every instance: `SET key NX PX window` is atomic, so two instances cannot both take a key. */
export function createRedisCooldown(redis: Redis, prefix = "latent-cooldown:"): Cooldown {
  return {
    async take(key, windowMs) {
      return (await redis.set(`${prefix}${key}`, "1", "PX", windowMs, "NX")) === "OK";
    },
    async release(key) {
      await redis.del(`${prefix}${key}`);
    },
  };
}
