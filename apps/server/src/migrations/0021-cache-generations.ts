import { type Kysely, sql } from "kysely";

/**
 * Decision 0021: one counter per cache of rows (the reply cache, the caller checks), bumped after every commit that
 * touched the rows it keeps and read by every instance before it sends what it kept. Sequences: bumping one takes no
 * lock and writes no row, so writers never queue behind each other for it.
 */
const COUNTERS = ["cache_generation_replies", "cache_generation_callers"];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of COUNTERS) {
    await sql`create sequence ${sql.id(name)}`.execute(db);
    // A sequence never called reads as the value its first bump gives: called once here, every bump changes it.
    await sql`select setval(${name}::regclass, 1)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of COUNTERS) await sql`drop sequence if exists ${sql.id(name)}`.execute(db);
}
