import type { FastifyReply } from "fastify";
import type { CacheGeneration } from "../db/cache-generations.ts";

/**
 * The longest a kept reply is sent again. A write through any instance makes kept replies stale for every instance
 * before it is acknowledged (the cache's counter, decision 0021); this bounds only rows changed behind the server's
 * back (by hand in SQL), which no counter sees.
 */
export const REPLY_CACHE_TTL_MS = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;
const JSON_TYPE = "application/json; charset=utf-8";

export interface ReplyCache {
  /**
   * Sends the reply kept under `key` (which names the caller and what was asked), or computes it, serialises it with
   * the route's own response schema, keeps it and sends it. An error is never kept.
   */
  send(reply: FastifyReply, key: string, compute: () => Promise<unknown>): Promise<FastifyReply>;
  close(): void;
}

/**
 * Serialised replies of hot read routes (a roll page, the rolls list), each kept with the counter of the rows it shows
 * (`generation`: bumped by every write to them, on any instance) and sent again only while the counter still has
 * that value, for at most the TTL. Under a burst of reads a roll costs one read of the counter and no serialisation
 * instead of a pair of queries and a serialisation per request (decisions 0027, 0021). Any such write makes every
 * kept reply stale: coarse, and cheap to get right, since nothing has to say which rolls a write touched.
 */
export function createReplyCache(generation: CacheGeneration, options: { off?: boolean } = {}): ReplyCache {
  // Off (REPLY_CACHE=false): every request reads the rows and is serialised anew, as the bench's database path.
  if (options.off) {
    return {
      send: async (reply, _key, compute) => reply.type(JSON_TYPE).send(reply.serialize(await compute()) as string),
      close() {},
    };
  }
  const now = generation.clock;
  const entries = new Map<string, { body: Buffer; at: string; until: number }>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
    async send(reply, key, compute) {
      // Read before the rows: a write committed after this read bumps the counter past `at`, so a reply that may
      // have missed it is never taken again.
      const at = await generation.at(reply.request);
      const kept = entries.get(key);
      if (kept && kept.at === at && kept.until > now()) return reply.type(JSON_TYPE).send(kept.body);
      forget(key);
      const body = Buffer.from(reply.serialize(await compute()) as string);
      forget(key);
      entries.set(key, { body, at, until: now() + REPLY_CACHE_TTL_MS });
      bytes += body.length;
      // Oldest first (a Map keeps insertion order, and every entry lives as long): the expired, then whatever is over
      // the size bound.
      const t = now();
      for (const [oldest, entry] of entries) {
        if (entry.until > t && bytes <= MAX_BYTES) break;
        forget(oldest);
      }
      return reply.type(JSON_TYPE).send(body);
    },
    close() {
      entries.clear();
      bytes = 0;
    },
  };
}
