import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { CommittedWrites, WriteWatch } from "../db/write-watch.ts";
import { createLocalEventBus, type EventBus } from "../realtime/event-bus.ts";
import { notFound } from "./app-error.ts";
import { createReplyCache, DATA_CHANGES_TOPIC, REPLY_CACHE_TTL_MS, type ReplyCache } from "./reply-cache.ts";

/** The database's side, played by the test: it says when writes have committed, as the real watch does. */
function fakeWrites() {
  const listeners = new Set<(s: CommittedWrites) => void>();
  const watch: WriteWatch = {
    onSettled(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const commit = (...statements: string[]) => {
    for (const listener of listeners) listener(statements);
  };
  return { watch, commit };
}

describe("reply cache", () => {
  let app: FastifyInstance;
  let cache: ReplyCache;
  let writes: ReturnType<typeof fakeWrites>;
  let bus: EventBus;
  let now: number;
  // What the route's rows say, and how often they were read.
  let rows: Record<string, string>;
  let reads: number;
  let during: (() => void) | undefined;

  beforeEach(async () => {
    now = 1_000;
    rows = { ann: "Alps", bob: "Coast" };
    reads = 0;
    during = undefined;
    writes = fakeWrites();
    bus = createLocalEventBus();
    cache = createReplyCache({ writes: writes.watch, bus, tables: ["films", "shots"], now: () => now });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        "/roll/:who",
        { schema: { params: z.object({ who: z.string() }), response: { 200: z.object({ name: z.string() }) } } },
        async (request, reply) =>
          cache.send(reply, `roll\u0000${request.params.who}`, async () => {
            reads++;
            const name = rows[request.params.who];
            if (!name) throw notFound();
            during?.();
            // The serializer's own work shows in the kept body: what the schema does not name is left out.
            return { name, secret: "not in the schema" };
          }),
      );
    await app.ready();
  });
  afterEach(async () => {
    cache.close();
    await app.close();
  });

  const get = async (who: string) => {
    const res = await app.inject({ method: "GET", url: `/roll/${who}` });
    return { status: res.statusCode, type: res.headers["content-type"], body: res.json() };
  };

  it("sends the kept reply again without reading, serialised by the route's schema", async () => {
    const first = await get("ann");
    const again = await get("ann");
    expect(first).toEqual({ status: 200, type: "application/json; charset=utf-8", body: { name: "Alps" } });
    expect(again).toEqual(first);
    expect(reads).toBe(1);
  });

  it("keeps one reply per key: another caller's roll is read for itself", async () => {
    await get("ann");
    expect((await get("bob")).body.name).toBe("Coast");
    expect(reads).toBe(2);
  });

  it("reads again once a write to one of its tables commits, and not for other tables", async () => {
    await get("ann");
    rows.ann = "Alps 2";
    writes.commit('insert into "upload_parts" ("upload_id") values ($1)');
    expect((await get("ann")).body.name).toBe("Alps");
    writes.commit('update "films" set "name" = $1 where "id" = $2');
    expect((await get("ann")).body.name).toBe("Alps 2");
    expect(reads).toBe(2);
  });

  it("tells the other instances through the bus, and drops what they announce", async () => {
    const seen: string[] = [];
    bus.subscribe(DATA_CHANGES_TOPIC, (event) => seen.push(event.type));
    writes.commit('delete from "shots" where "id" = $1');
    expect(seen).toEqual(["data-changed"]);

    await get("ann");
    rows.ann = "Alps, renamed elsewhere";
    bus.publish(DATA_CHANGES_TOPIC, { type: "data-changed", film_id: DATA_CHANGES_TOPIC });
    expect((await get("ann")).body.name).toBe("Alps, renamed elsewhere");
  });

  it("does not keep a reply read while a write committed: it may show what the write replaced", async () => {
    during = () => writes.commit('update "shots" set "kept" = true');
    await get("ann");
    during = undefined;
    await get("ann");
    expect(reads).toBe(2);
    await get("ann");
    expect(reads).toBe(2);
  });

  it("keeps nothing longer than the TTL", async () => {
    await get("ann");
    rows.ann = "changed behind its back";
    now += REPLY_CACHE_TTL_MS - 1;
    expect((await get("ann")).body.name).toBe("Alps");
    now += 1;
    expect((await get("ann")).body.name).toBe("changed behind its back");
  });

  it("never keeps an error", async () => {
    expect((await get("carl")).status).toBe(404);
    rows.carl = "Dunes";
    expect((await get("carl")).body.name).toBe("Dunes");
  });
});
