import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";
import type { WriteWatch } from "./write-watch.ts";

/** The caches of rows that prove their entries fresh (decision 0021); each has its counter, a sequence (migration 0021). */
export type CacheName = "replies" | "callers";

/** What one cache reads to prove an entry fresh. */
export interface CacheGeneration {
  /**
   * The cache's counter as `request` finds it: read after every write acknowledged before the request began, so an
   * entry kept at this value, and computed after reading it, shows no row older than the request. Read once per
   * request, with every other counter in one statement.
   */
  at(request: object): Promise<string>;
  /**
   * The clock of the cache's time bound (the TTL, for rows changed behind the server's back). Tests stop it, so that
   * what they catch never depends on whether their next request comes within the bound.
   */
  clock(): number;
}

export interface CacheGenerations {
  /** The counter of the cache `name`, bumped after the commit of every statement that names one of `tables`. */
  follow(name: CacheName, tables: readonly string[]): CacheGeneration;
}

const sequence = (name: CacheName) => `cache_generation_${name}`;

/**
 * Counters in the database every instance shares: a write through any instance bumps them after its commit and
 * before it is acknowledged (the write watch waits), so no instance can take an entry kept before the write as fresh
 * once the writer's client has heard it is done. Nothing travels between instances; Redis is not needed for it.
 */
export function watchCacheGenerations(db: Kysely<Database>, writes: WriteWatch, clock: () => number = Date.now): CacheGenerations {
  const tables = new Map<CacheName, Set<string>>();
  const touches = new Map<CacheName, RegExp>();

  writes.onSettled(async (statements, run) => {
    const due = [...touches].filter(([, touch]) => statements.some((s) => touch.test(s))).map(([name]) => name);
    if (!due.length) return;
    await run(sql`select ${sql.join(due.map((name) => sql`nextval(${sequence(name)}::regclass)`))}`.compile(db));
  });

  const readAll = async (): Promise<Map<CacheName, string>> => {
    const names = [...touches.keys()];
    const { rows } = await sql<Record<string, unknown>>`select ${sql.join(
      names.map((name) => sql`(select last_value from ${sql.id(sequence(name))}) as ${sql.id(name)}`),
    )}`.execute(db);
    return new Map(names.map((name) => [name, String(rows[0]?.[name])]));
  };
  // One read at a time, shared by every request that asked before it began (never by one that asks after: that
  // request may follow a write acknowledged since). Under load a burst of requests costs one query, not one each.
  let waiting: Promise<Map<CacheName, string>> | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  const read = () => {
    if (waiting) return waiting;
    const next = previous.then(() => {
      waiting = undefined;
      return readAll();
    });
    waiting = next;
    previous = next.catch(() => undefined);
    return next;
  };
  const perRequest = new WeakMap<object, Promise<Map<CacheName, string>>>();

  return {
    follow(name, named) {
      const all = tables.get(name) ?? new Set<string>();
      for (const table of named) all.add(table);
      tables.set(name, all);
      // A table's name anywhere in the statement, quoted or not: a counter bumped for nothing costs one read again.
      touches.set(name, new RegExp(`\\b(${[...all].join("|")})\\b`, "i"));
      return {
        clock,
        async at(request) {
          let values = perRequest.get(request);
          if (!values) {
            values = read();
            perRequest.set(request, values);
          }
          return (await values).get(name)!;
        },
      };
    },
  };
}
