import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../http/app-error.ts";
import type { JobDefinition, Jobs } from "../jobs/jobs.ts";

/** Routes whose traffic is a product measure of its own, by their pattern. */
const UPLOAD_START = "/api/film/shot/:id/:index/upload";
const UPLOAD_PART = "/api/uploads/:uploadId/:part";
const ZIP = "/zip/film/:id";

/**
 * What an operator watches (Prometheus text format, prom-client): requests per route pattern and their latency,
 * uploads and their bytes, the processing queue and its time, zip bytes, job runs, and the process itself. One
 * registry per server (not prom-client's global), so several servers in one process (tests) count apart.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "latent_" });
  const requests = new Counter({
    name: "latent_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "latent_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploadsStarted = new Counter({ name: "latent_uploads_started_total", help: "Scan uploads started", registers: [registry] });
  const uploadBytes = new Counter({
    name: "latent_upload_bytes_total",
    help: "Bytes of scan upload parts accepted",
    registers: [registry],
  });
  const processed = new Counter({
    name: "latent_scans_processed_total",
    help: "Scans processed into previews, by outcome (done, error)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const processing = new Histogram({
    name: "latent_scan_processing_seconds",
    help: "Time to turn one uploaded scan into its preview and thumbnail",
    buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 40, 80, 160],
    registers: [registry],
  });
  const zipBytes = new Counter({ name: "latent_zip_bytes_total", help: "Bytes of roll zips sent", registers: [registry] });
  const jobRuns = new Counter({
    name: "latent_job_runs_total",
    help: "Background job runs on this instance, by job and outcome (ok, failed)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobTime = new Histogram({
    name: "latent_job_duration_seconds",
    help: "Time of one background job run, by job",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  let queueDepth: () => Promise<number> = async () => 0;
  new Gauge({
    name: "latent_processing_queue_depth",
    help: "Uploaded scans waiting to be processed (all instances: the queue is the database's)",
    registers: [registry],
    async collect() {
      this.set(await queueDepth().catch(() => Number.NaN));
    },
  });

  return {
    registry,
    /** Counts every answered request under its route pattern (never its path: ids would make a series each). */
    observeRequests(app: FastifyInstance) {
      app.addHook("onRequest", async (request, reply) => {
        if (request.routeOptions.url !== ZIP) return;
        // The zip is streamed: count the body bytes as they are written.
        const raw = reply.raw;
        const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
        raw.write = ((chunk: unknown, ...rest: unknown[]) => {
          if (typeof chunk === "string" || Buffer.isBuffer(chunk)) zipBytes.inc(Buffer.byteLength(chunk));
          return write(chunk, ...rest);
        }) as typeof raw.write;
      });
      app.addHook("onResponse", async (request, reply) => {
        const route = request.routeOptions.url ?? "unmatched";
        const status = reply.statusCode;
        requests.inc({ method: request.method, route, status: String(status) });
        latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
        if (status >= 300) return;
        if (route === UPLOAD_START && request.method === "POST") uploadsStarted.inc();
        if (route === UPLOAD_PART) uploadBytes.inc(Number(request.headers["content-length"]) || 0);
      });
    },
    /** The processor's report of one scan. */
    scanProcessed(outcome: "done" | "error", seconds: number) {
      processed.inc({ outcome });
      processing.observe(seconds);
    },
    /** Where the queue depth comes from (the database, read when Prometheus scrapes). */
    measureQueue(depth: () => Promise<number>) {
      queueDepth = depth;
    },
    /** The same jobs, each run counted and timed. */
    instrumentJobs(jobs: Jobs): Jobs {
      return {
        ...jobs,
        define: <P>(definition: JobDefinition<P>) =>
          jobs.define<P>({
            ...definition,
            async run(payload) {
              const stop = jobTime.startTimer({ job: definition.name });
              try {
                await definition.run(payload);
                jobRuns.inc({ job: definition.name, outcome: "ok" });
              } catch (err) {
                jobRuns.inc({ job: definition.name, outcome: "failed" });
                throw err;
              } finally {
                stop();
              }
            },
          }),
        start: () => jobs.start(),
        stop: (graceMs) => jobs.stop(graceMs),
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * `GET /metrics` on the public port, for a scraper holding METRICS_TOKEN as its bearer token. Without the setting the
 * route does not exist (404): request counts and route names are nobody else's business.
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ""));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("unauthorized").noted("metrics scraped with a wrong METRICS_TOKEN");
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
