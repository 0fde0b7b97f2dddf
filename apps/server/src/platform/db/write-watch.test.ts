import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CommittedWrites, watchWrites } from "./write-watch.ts";

interface Db {
  notes: { id: number; body: string };
}

describe("write watch", () => {
  const { dialect, watch } = watchWrites(new PGliteDialect({ pglite: new PGlite() }));
  const db = new Kysely<Db>({ dialect });
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
  afterAll(() => db.destroy());
  const take = () => settled.splice(0);

  it("says nothing of plain reads", async () => {
    take();
    await db.selectFrom("notes").selectAll().execute();
    await sql`  SELECT 1`.execute(db);
    expect(take()).toEqual([]);
  });

  it("reports a single write once its connection is given back, with its statement", async () => {
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

  it("reports a rolled back transaction too (nothing may have been kept across it) and raw writes", async () => {
    take();
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.deleteFrom("notes").execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await sql`with gone as (delete from notes where id = 2 returning id) select * from gone`.execute(db);
    expect(take().map((s) => s[0]!.split(" ")[0])).toEqual(["delete", "with"]);
    expect(Number(await count())).toBe(1);
  });
});
