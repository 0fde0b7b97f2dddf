import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";

/**
 * Per-route rate limits (routes opt in with `config.rateLimit`, e.g. the sign-in form). Counts are kept in Redis
 * when it is configured, so every instance shares them; in process otherwise.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Redis | null) {
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: "latent-rl:" } : {}) });
}
