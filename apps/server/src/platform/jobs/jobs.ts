import type { z } from "zod";

/**
 * One kind of background job: its payload's schema, what it does, and optionally when it runs by itself.
 * Names read `feature.verb-noun` (`uploads.sweep-abandoned`).
 */
export interface JobDefinition<P> {
  name: `${string}.${string}`;
  payload: z.ZodType<P>;
  run(payload: P): Promise<void>;
  /** A cron expression (UTC): the job runs once per occurrence across every instance, not once per instance. */
  schedule?: string;
  /** Tries after the first failure (default 2). */
  retries?: number;
}

/** A defined job, to send: the payload is checked against the job's schema before it is queued. */
export interface JobHandle<P> {
  readonly name: string;
  send(payload: P, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<void>;
}

/**
 * The jobs port: a typed registry of job definitions on a queue shared by every instance. Features define their
 * jobs while the app is built; `start` begins working and scheduling, `stop` waits for running jobs.
 */
export interface Jobs {
  define<P>(definition: JobDefinition<P>): JobHandle<P>;
  start(): Promise<void>;
  /** Takes no more jobs and waits up to `graceMs` for those running; the rest are failed back to be retried. */
  stop(graceMs?: number): Promise<void>;
}
