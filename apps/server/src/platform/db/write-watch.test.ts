import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommittedWrites, watchWrites } from "./write-watch.ts";

interface Db {
  notes: { id: number; body: string };
}

// One embedded database for the file: starting one takes seconds.
const { dialect, watch } = watchWrites(new PGliteDialect({ pglite: new PGlite() }));
const db = new Kysely<Db>({ dialect });
afterAll(() => db.destroy());

describe("write watch", () => {
  const settled: CommittedWrites[] = [];
  // What a cache would read again when told: it must already see the committed rows.
  const seenAtSettle: Promise<number>[] = [];
  const count = async () =>
    (
      await db
        .selectFrom("notes")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
  beforeAll(async () => {
    await sql`create table notes (id int primary key, body text not null)`.execute(db);
    watch.onSettled((statements) => {
      settled.push(statements);
      seenAtSettle.push(count().then(Number));
    });
  });
  const take = () => settled.splice(0);

  it("says nothing of plain reads", async () => {
    take();
    await db.selectFrom("notes").selectAll().execute();
    await sql`  SELECT 1`.execute(db);
    expect(take()).toEqual([]);
  });

  it("reports a single write once it ran, with its statement", async () => {
    take();
    seenAtSettle.splice(0);
    await db.insertInto("notes").values({ id: 1, body: "a" }).execute();
    const [statements] = take();
    expect(statements).toHaveLength(1);
    expect(statements![0]).toMatch(/^insert into "notes"/);
    expect(await seenAtSettle[0]).toBe(1);
  });

  it("reports a transaction's writes together, after its commit", async () => {
    take();
    seenAtSettle.splice(0);
    await db.transaction().execute(async (tx) => {
      await tx.insertInto("notes").values({ id: 2, body: "b" }).execute();
      await tx.selectFrom("notes").selectAll().execute();
      await tx.updateTable("notes").set({ body: "c" }).where("id", "=", 1).execute();
      expect(settled).toEqual([]);
    });
    const reported = take();
    expect(reported).toHaveLength(1);
    expect(reported[0]!.map((s) => s.split(" ")[0])).toEqual(["insert", "update"]);
    expect(await seenAtSettle[0]).toBe(2);
  });

  it("says nothing of a rolled back transaction (it changed nothing), and reports writes hidden in raw statements", async () => {
    take();
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.deleteFrom("notes").execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(take()).toEqual([]);
    await sql`with gone as (delete from notes where id = 2 returning id) select * from gone`.execute(db);
    expect(take().map((s) => s[0]!.split(" ")[0])).toEqual(["with"]);
    expect(Number(await count())).toBe(1);
  });
});

describe("write watch, with a listener that must finish before the writer goes on", () => {
  const done: string[] = [];
  let fail = false;
  let off: () => void;
  beforeAll(async () => {
    await sql`create table later (id int primary key)`.execute(db);
    off = watch.onSettled(async (_statements, run) => {
      // On the writer's own connection: PGlite has only one, and the writer still holds it.
      await run(fail ? sql`select * from no_such_table`.compile(db) : sql`select 1`.compile(db));
      done.push("listener");
    });
  });
  afterAll(() => off());

  it("runs the listener's statement after the commit and before the write's caller goes on", async () => {
    await sql`insert into later (id) values (1)`.execute(db);
    done.push("writer");
    expect(done).toEqual(["listener", "writer"]);
  });

  it("fails the write's caller when the listener fails, and gives the connection back", async () => {
    fail = true;
    await expect(sql`insert into later (id) values (2)`.execute(db)).rejects.toThrow(/no_such_table/);
    fail = false;
    // Committed all the same, and the only connection is free again.
    expect((await sql<{ id: number }>`select id from later order by id`.execute(db)).rows.map((r) => r.id)).toEqual([1, 2]);
  });
});
