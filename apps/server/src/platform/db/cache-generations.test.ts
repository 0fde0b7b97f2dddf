import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up } from "../../migrations/0021-cache-generations.ts";
import { watchCacheGenerations } from "./cache-generations.ts";
import type { Database } from "./schema.ts";
import { watchWrites } from "./write-watch.ts";

describe("cache generations", () => {
  const { dialect, watch } = watchWrites(new PGliteDialect({ pglite: new PGlite() }));
  const db = new Kysely<Database>({ dialect });
  const generations = watchCacheGenerations(db, watch);
  const replies = generations.follow("replies", ["films"]);
  const callers = generations.follow("callers", ["accounts"]);
  const write = (table: string) => sql`insert into ${sql.id(table)} (id) values (default)`.execute(db);
  beforeAll(async () => {
    await up(db as Kysely<unknown>);
    for (const table of ["films", "accounts", "notes"]) await sql`create table ${sql.id(table)} (id serial primary key)`.execute(db);
  });
  afterAll(() => db.destroy());

  it("moves a cache's counter on with the first write to its tables, before the writer goes on", async () => {
    const before = await replies.at({});
    await write("films");
    const after = await replies.at({});
    expect(after).not.toBe(before);
    await write("films");
    expect(await replies.at({})).not.toBe(after);
  });

  it("leaves it where it was for writes to other tables and for reads", async () => {
    const before = [await replies.at({}), await callers.at({})];
    await write("notes");
    await sql`select * from films`.execute(db);
    expect([await replies.at({}), await callers.at({})]).toEqual(before);
    await write("accounts");
    expect(await replies.at({})).toBe(before[0]);
    expect(await callers.at({})).not.toBe(before[1]);
  });

  it("moves it on for a write inside a transaction, once the transaction committed", async () => {
    const before = await replies.at({});
    await db.transaction().execute(async (tx) => {
      await sql`insert into films (id) values (default)`.execute(tx);
      await sql`select 1`.execute(tx);
    });
    expect(await replies.at({})).not.toBe(before);
  });

  it("reads once per request: a request sees one value throughout", async () => {
    const request = {};
    const first = await replies.at(request);
    await write("films");
    expect(await replies.at(request)).toBe(first);
    expect(await replies.at({})).not.toBe(first);
  });
});
