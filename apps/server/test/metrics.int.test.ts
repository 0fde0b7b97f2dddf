import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpeg, photographer, roll, upload, waitForShots } from "./film-fixtures.ts";
import { startServer, type TestServer } from "./harness.ts";

const TOKEN = "scrape-me-please-0123456789";

/** The value of one series in a Prometheus text exposition (`name{labels} value`), undefined when absent. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

// Metrics are counted in the process, whatever the database: PGlite only.
describe("metrics", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer("pglite", { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => s?.close());

  const scrape = async () => {
    const res = await fetch(`${s.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    return res.text();
  };

  it("refuses a scraper without the token, or with another one", async () => {
    expect((await s.api("/metrics")).status).toBe(401);
    const wrong = await s.api("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("counts requests per route pattern, uploads and their bytes, processing, the queue, zip bytes and job runs", async () => {
    const token = await photographer(s);
    const film = await s.api("/api/film", { method: "POST", token, body: roll });
    expect(film.status).toBe(201);
    const scan = await jpeg(640, 480, 1);
    await upload(s, token, film.body.id, 1, scan);
    await waitForShots(s, token, film.body.id, 1);
    const manifest = (await s.api(`/api/film/${film.body.id}/download`, { token })).body;
    const zip = Buffer.from(await (await fetch(`${s.base}${manifest.zip_url}`)).arrayBuffer());
    expect(zip.length).toBeGreaterThan(scan.length);
    expect((await s.api("/api/account/export", { method: "POST", token })).status).toBe(202);
    await expect.poll(async () => (await s.api("/api/account/export", { token })).body.status, { timeout: 30_000 }).toBe("ready");

    const text = await scrape();
    // The pattern, never the roll's id: one series per route, however many rolls.
    expect(sample(text, 'latent_http_requests_total{method="POST",route="/api/film",status="201"}')).toBe(1);
    expect(text).not.toContain(film.body.id);
    expect(sample(text, 'latent_http_request_duration_seconds_count{method="POST",route="/api/film"}')).toBe(1);
    expect(sample(text, "latent_uploads_started_total")).toBe(1);
    expect(sample(text, "latent_upload_bytes_total")).toBe(scan.length);
    expect(sample(text, 'latent_scans_processed_total{outcome="done"}')).toBe(1);
    expect(sample(text, "latent_scan_processing_seconds_count")).toBe(1);
    expect(sample(text, "latent_processing_queue_depth")).toBe(0);
    expect(sample(text, "latent_zip_bytes_total")).toBe(zip.length);
    expect(sample(text, 'latent_job_runs_total{job="account-data.build-export",outcome="ok"}')).toBe(1);
    expect(sample(text, "latent_process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("shows a scan waiting for processing in the queue depth", async () => {
    await s.latent.processor.stop();
    const token = await photographer(s);
    const film = await s.api("/api/film", { method: "POST", token, body: roll });
    await upload(s, token, film.body.id, 1, await jpeg(320, 240, 2));
    expect(sample(await scrape(), "latent_processing_queue_depth")).toBe(1);
  });
});

describe("metrics without METRICS_TOKEN", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer("pglite");
  });
  afterAll(() => s?.close());

  it("has no /metrics at all", async () => {
    const res = await s.api("/metrics", { headers: { authorization: "Bearer anything-at-all-1234", accept: "application/json" } });
    expect(res.status).toBe(404);
  });
});
