import { EventEmitter } from "node:events";

export type FilmEvent =
  | {
      type: "shot";
      film_id: string;
      index: number;
      state: string;
      error_message?: string | null;
      error_code?: string | null;
      thumbnail_url?: string | null;
    }
  | { type: "shot-deleted"; film_id: string; index: number }
  // Between servers only, never sent to a client: feeds opened under this grant (a revoked share link) close.
  | { type: "grant-withdrawn"; film_id: string; grant: string }
  | { type: "download"; film_id: string; progress: number; file_name?: string; finished: boolean }
  // On an owner's feed only (domain's ownerFeedId): one of the lab's orders changed (made, edited, a roll added, linked, sent, collected, deleted).
  | { type: "order"; order_id: string; status: string | null }
  // A roll took a step of its life (issue 29); `shared`: its timeline shows on the shared roll (else a visitor's feed skips it).
  | { type: "roll"; film_id: string; status: string | null; shared: boolean }
  // Guests' favourites, comments or requests changed (issue 31): on a roll's feed (`film_id`), or on the lab's feed
  // for an order (`order_id`); no content, the pages fetch the answers again.
  | { type: "answers"; film_id: string | null; order_id: string | null };

/** Film events (shot states, download progress) fanned out to every listener, on every instance. */
export interface EventBus {
  publish(filmId: string, event: FilmEvent): void;
  subscribe(filmId: string, listener: (event: FilmEvent) => void): () => void;
  close(): Promise<void>;
}

/** One process: an EventEmitter. */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (filmId, event) => emitter.emit(filmId, event),
    subscribe(filmId, listener) {
      emitter.on(filmId, listener);
      return () => emitter.off(filmId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Several instances: Redis pub/sub carries events between them; each instance fans out locally. */
export async function createRedisEventBus(url: string): Promise<EventBus> {
  const { Redis } = await import("ioredis");
  const local = createLocalEventBus();
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: 2 });
  const counts = new Map<string, number>();
  const channel = (filmId: string) => `latent:film:${filmId}`;
  sub.on("message", (ch: string, message: string) => {
    try {
      local.publish(ch.slice("latent:film:".length), JSON.parse(message) as FilmEvent);
    } catch {
      // A malformed message is dropped: nobody but us publishes on these channels.
    }
  });
  return {
    publish: (filmId, event) => void pub.publish(channel(filmId), JSON.stringify(event)),
    subscribe(filmId, listener) {
      const n = counts.get(filmId) ?? 0;
      if (n === 0) void sub.subscribe(channel(filmId));
      counts.set(filmId, n + 1);
      const off = local.subscribe(filmId, listener);
      return () => {
        off();
        const left = (counts.get(filmId) ?? 1) - 1;
        if (left <= 0) {
          counts.delete(filmId);
          void sub.unsubscribe(channel(filmId));
        } else counts.set(filmId, left);
      };
    },
    async close() {
      await local.close();
      // QUIT goes after what is queued: a change published just before closing (the admin command's) still leaves.
      await Promise.race([pub.quit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
