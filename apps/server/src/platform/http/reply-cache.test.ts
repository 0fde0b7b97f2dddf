import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { notFound } from "./app-error.ts";
import { createReplyCache, REPLY_CACHE_TTL_MS, type ReplyCache } from "./reply-cache.ts";

describe("reply cache", () => {
  let app: FastifyInstance;
  let cache: ReplyCache;
  // The database's counter of the rows, played by the test: a write on any instance moves it on.
  let counter: number;
  let now: number;
  // What happened, in order: the counter read ("at") and the rows read ("rows").
  let log: string[];
  // What the route's rows say, and how often they were read.
  let rows: Record<string, string>;
  let reads: number;
  let during: (() => void) | undefined;

  beforeEach(async () => {
    now = 1_000;
    rows = { ann: "Alps", bob: "Coast" };
    reads = 0;
    during = undefined;
    counter = 1;
    log = [];
    cache = createReplyCache({
      at: async () => {
        log.push("at");
        return String(counter);
      },
      clock: () => now,
    });
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
            log.push("rows");
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

  it("reads again once the rows' counter moved on (a write on any instance), and only then", async () => {
    await get("ann");
    rows.ann = "Alps 2";
    expect((await get("ann")).body.name).toBe("Alps");
    counter++;
    expect((await get("ann")).body.name).toBe("Alps 2");
    expect((await get("ann")).body.name).toBe("Alps 2");
    expect(reads).toBe(2);
  });

  it("reads the counter before the rows, so a reply read across a write is kept at the counter before it", async () => {
    during = () => {
      rows.ann = "Alps 2";
      counter++;
    };
    expect((await get("ann")).body.name).toBe("Alps");
    during = undefined;
    expect(log).toEqual(["at", "rows"]);
    expect((await get("ann")).body.name).toBe("Alps 2");
    expect(reads).toBe(2);
    expect((await get("ann")).body.name).toBe("Alps 2");
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

  it("keeps replies up to their size bound exactly, then forgets the oldest first", async () => {
    // The bound is 32 MiB. `{"name":"…"}`: each of ann's and bob's replies is half of it, carl's a few bytes.
    const half = 16 * 1024 * 1024 - '{"name":""}'.length;
    rows = { ann: "a".repeat(half), bob: "b".repeat(half), carl: "Dunes" };
    await get("ann");
    await get("bob");
    await get("ann");
    await get("bob");
    expect(reads).toBe(2);
    await get("carl");
    expect(reads).toBe(3);
    await get("bob");
    await get("carl");
    expect(reads).toBe(3);
    expect((await get("ann")).body.name).toHaveLength(half);
    expect(reads).toBe(4);
  });

  it("turned off (REPLY_CACHE=false), reads the rows for every request, serialised the same, and no counter", async () => {
    cache.close();
    cache = createReplyCache(
      {
        at: async () => {
          log.push("at");
          return String(counter);
        },
        clock: () => now,
      },
      { off: true },
    );
    const first = await get("ann");
    rows.ann = "Alps 2";
    expect(first).toEqual({ status: 200, type: "application/json; charset=utf-8", body: { name: "Alps" } });
    expect((await get("ann")).body.name).toBe("Alps 2");
    expect(reads).toBe(2);
    expect(log).toEqual(["rows", "rows"]);
  });

  it("never keeps an error", async () => {
    expect((await get("carl")).status).toBe(404);
    rows.carl = "Dunes";
    expect((await get("carl")).body.name).toBe("Dunes");
  });
});
