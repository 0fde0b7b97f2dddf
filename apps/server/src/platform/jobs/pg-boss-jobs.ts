import type { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import { type ConstructorOptions, fromPglite, PgBoss } from "pg-boss";
import type { JobDefinition, JobHandle, Jobs } from "./jobs.ts";

export interface PgBossJobsOptions {
  /** PostgreSQL, by connection string; or the embedded PGlite the app already opened. */
  connection: { url: string } | { pglite: PGlite };
  /** The schema pg-boss keeps its tables in. */
  schema: string;
  log: FastifyBaseLogger;
  /** How often schedules and queues are looked at, in seconds (pg-boss' defaults when absent; tests go faster). */
  checkEverySeconds?: number;
  /**
   * False on a `web` instance: it only sends jobs (a data export asked for) and leaves working them, firing the
   * schedules and the queue's upkeep to the instances that run jobs. Default true.
   */
  work?: boolean;
}

/**
 * Jobs on pg-boss (decision 0007): the same queue on PostgreSQL and on PGlite, jobs claimed with SKIP LOCKED so each
 * runs once among instances, and cron schedules that fire once per occurrence whatever the number of instances.
 */
export function createPgBossJobs({ connection, schema, log, checkEverySeconds, work = true }: PgBossJobsOptions): Jobs {
  const timing = {
    ...(checkEverySeconds ? { cronWorkerIntervalSeconds: checkEverySeconds, cronMonitorIntervalSeconds: checkEverySeconds } : {}),
    ...(work ? {} : { schedule: false, supervise: false }),
  };
  const options: ConstructorOptions =
    "url" in connection
      ? { connectionString: connection.url, schema, max: 4, application_name: "latent-jobs", ...timing }
      : { db: fromPglite(connection.pglite), backend: "pglite", schema, ...timing };
  const boss = new PgBoss(options);
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  const definitions = new Map<string, JobDefinition<unknown>>();
  let started = false;

  return {
    define<P>(definition: JobDefinition<P>): JobHandle<P> {
      if (started) throw new Error(`Job ${definition.name} defined after the queue started`);
      if (definitions.has(definition.name)) throw new Error(`Job ${definition.name} is defined twice`);
      definitions.set(definition.name, definition as JobDefinition<unknown>);
      return {
        name: definition.name,
        async send(payload, sendOptions = {}) {
          const data = definition.payload.parse(payload) as object;
          await boss.send(definition.name, data, {
            ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
            ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
          });
        },
      };
    },

    async start() {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        await boss.createQueue(definition.name, { retryLimit: definition.retries ?? 2, retryBackoff: true });
        if (!work) continue;
        await boss.work(definition.name, { pollingIntervalSeconds: checkEverySeconds ?? 2 }, async (jobs) => {
          for (const job of jobs) {
            const payload = definition.payload.parse(job.data ?? {});
            try {
              await definition.run(payload);
            } catch (err) {
              log.error({ err, job: definition.name }, "job failed");
              throw err;
            }
          }
        });
        if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: "UTC" });
        else await boss.unschedule(definition.name);
      }
    },

    async stop(graceMs = 10_000) {
      if (!started) return;
      // Not `close`: on PGlite the connection is the app's, closed with the database.
      await boss.stop({ graceful: true, timeout: graceMs, close: "url" in connection });
    },
  };
}
