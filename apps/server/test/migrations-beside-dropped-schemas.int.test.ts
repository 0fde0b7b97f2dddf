import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/db/database.ts";

const url = process.env.TEST_DATABASE_URL;

// Servers sharing one PostgreSQL database in schemas of their own (the API tests; instances of several deployments)
// bring their schema up to date while other schemas come and go.
describe.skipIf(!url)("migrations beside schemas being dropped, on postgres", () => {
  it("bring a fresh schema up to date while another user of the database keeps dropping schemas with tables", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const churn = `churn_${randomUUID().replaceAll("-", "")}`;
    let stop = false;
    // What the tests do as each suite ends: a schema with serial-keyed tables, dropped with them.
    const dropping = (async () => {
      for (let i = 0; !stop && i < 400; i++) {
        await admin.query(`create schema "${churn}_${i}"`);
        await admin.query(`create table "${churn}_${i}".t (id serial primary key, v text)`);
        await admin.query(`drop schema "${churn}_${i}" cascade`);
      }
    })();
    const dir = await mkdtemp(join(tmpdir(), "latent-migrations-"));
    const schemas = Array.from({ length: 6 }, () => `test_${randomUUID().replaceAll("-", "")}`);
    try {
      for (const schema of schemas) {
        const { db } = await openDatabase({ url, dataDir: dir, searchPath: schema });
        const tables = await db.introspection.getTables();
        // Its own tables only, none of the other schemas'.
        expect(tables.map((t) => t.name)).toContain("films");
        expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
        await db.destroy();
      }
    } finally {
      stop = true;
      await dropping;
      for (const schema of schemas) await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
