import type { FastifyReply } from "fastify";
import type { CommittedWrites, WriteWatch } from "../db/write-watch.ts";
import type { EventBus } from "../realtime/event-bus.ts";

/**
 * The longest a kept reply is sent again. Writes through any instance of this deployment drop kept replies at once
 * (locally when they commit, elsewhere through the event bus); this bounds what neither sees: rows changed by another
 * process without Redis (the operator's command line beside a single server) or behind the services' back.
 */
export const REPLY_CACHE_TTL_MS = 2_000;
/** The bus topic of committed writes: never a roll's id, so no client feed ever carries it. */
export const DATA_CHANGES_TOPIC = "data-changes";
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
 * Serialised replies of hot read routes (a roll page, the rolls list), kept for at most the TTL and dropped whenever a
 * write to one of `tables` commits anywhere: the rows such a reply shows and every table whose changes cascade into
 * them. Under a burst of reads a roll costs one pair of queries and one serialisation instead of one per request
 * (decision 0018). Dropping everything on any such write is coarse, and cheap to get right: nothing has to say which
 * rolls a write touched.
 */
export function createReplyCache({
  writes,
  bus,
  tables,
  now = Date.now,
}: {
  writes: WriteWatch;
  bus: EventBus;
  tables: readonly string[];
  now?: () => number;
}): ReplyCache {
  const entries = new Map<string, { body: Buffer; until: number }>();
  let bytes = 0;
  // Bumped by every drop: a reply computed across one may show rows the write replaced, and is not kept.
  let generation = 0;
  const touches = new RegExp(`\\b(${tables.join("|")})\\b`, "i");

  const dropAll = () => {
    generation++;
    entries.clear();
    bytes = 0;
  };
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  const offBus = bus.subscribe(DATA_CHANGES_TOPIC, (event) => {
    if (event.type === "data-changed") dropAll();
  });
  const offWrites = writes.onSettled((statements: CommittedWrites) => {
    if (!statements.some((statement) => touches.test(statement))) return;
    dropAll();
    bus.publish(DATA_CHANGES_TOPIC, { type: "data-changed", film_id: DATA_CHANGES_TOPIC });
  });

  return {
    async send(reply, key, compute) {
      const kept = entries.get(key);
      if (kept && kept.until > now()) return reply.type(JSON_TYPE).send(kept.body);
      forget(key);
      const started = generation;
      const body = Buffer.from(reply.serialize(await compute()) as string);
      if (generation === started) {
        forget(key);
        entries.set(key, { body, until: now() + REPLY_CACHE_TTL_MS });
        bytes += body.length;
        // Oldest first (a Map keeps insertion order, and every entry lives as long): the expired, then whatever
        // is over the size bound.
        const at = now();
        for (const [oldest, entry] of entries) {
          if (entry.until > at && bytes <= MAX_BYTES) break;
          forget(oldest);
        }
      }
      return reply.type(JSON_TYPE).send(body);
    },
    close() {
      offBus();
      offWrites();
      dropAll();
    },
  };
}
