import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openDatabase } from "../src/platform/db/database.ts";
import type { Jobs } from "../src/platform/jobs/jobs.ts";
import { createPgBossJobs } from "../src/platform/jobs/pg-boss-jobs.ts";
import { DATABASES, type DatabaseKind } from "./harness.ts";

const log = pino({ level: "silent" });
const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
};

/** A jobs port on one database kind, with whatever it needs closed afterwards. */
async function openJobs(kind: DatabaseKind, schema = `jobs_${randomUUID().replaceAll("-", "")}`) {
  if (kind === "postgres") {
    const jobs = createPgBossJobs({ connection: { url: process.env.TEST_DATABASE_URL! }, schema, log, checkEverySeconds: 1 });
    return { jobs, schema, close: () => jobs.stop() };
  }
  const dir = await mkdtemp(join(tmpdir(), "latent-jobs-"));
  const { db, pglite } = await openDatabase({ dataDir: dir });
  const jobs = createPgBossJobs({ connection: { pglite: pglite! }, schema: "latent_jobs", log, checkEverySeconds: 1 });
  return {
    jobs,
    schema,
    close: async () => {
      await jobs.stop();
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const schemasToDrop: string[] = [];
afterAll(async () => {
  if (!schemasToDrop.length) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  for (const s of schemasToDrop) await client.query(`drop schema if exists "${s}" cascade`);
  await client.end();
});

describe.each(DATABASES)("background jobs on %s", (kind) => {
  it("runs a sent job once with its payload, and refuses a payload its schema does not accept", async () => {
    const { jobs, schema, close } = await openJobs(kind);
    if (kind === "postgres") schemasToDrop.push(schema);
    const seen: string[] = [];
    const greet = jobs.define({
      name: "test.greet",
      payload: z.object({ who: z.string().min(1) }),
      run: async ({ who }) => {
        seen.push(who);
      },
    });
    try {
      await jobs.start();
      await greet.send({ who: "Ilford" });
      await expect(greet.send({ who: "" })).rejects.toThrow();
      await until(() => seen.length > 0);
      await new Promise((r) => setTimeout(r, 1500));
      expect(seen).toEqual(["Ilford"]);
      expect(() => jobs.define({ name: "test.late", payload: z.object({}), run: async () => {} })).toThrow(/after the queue started/);
    } finally {
      await close();
    }
  });
});

describe.runIf(DATABASES.includes("postgres"))("scheduled jobs with two instances on one PostgreSQL", () => {
  it("run each occurrence of a schedule once, not once per instance", async () => {
    const schema = `jobs_${randomUUID().replaceAll("-", "")}`;
    schemasToDrop.push(schema);
    const runs: { instance: string; at: number }[] = [];
    const instances: Jobs[] = [];
    for (const instance of ["a", "b"]) {
      const { jobs } = await openJobs("postgres", schema);
      jobs.define({
        name: "test.tick",
        payload: z.object({}),
        // Every 5 seconds (pg-boss reads a sixth, leading field as seconds).
        schedule: "*/5 * * * * *",
        run: async () => {
          runs.push({ instance, at: Date.now() });
        },
      });
      instances.push(jobs);
    }
    try {
      for (const jobs of instances) await jobs.start();
      await new Promise((r) => setTimeout(r, 16_000));
    } finally {
      for (const jobs of instances) await jobs.stop();
    }
    expect(runs.length).toBeGreaterThanOrEqual(1);
    // Once per instance would put two runs in the same 5-second occurrence.
    const occurrences = runs.map((r) => Math.floor(r.at / 5000));
    expect(new Set(occurrences).size).toBe(runs.length);
  });
});
