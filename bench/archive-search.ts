/**
 * The archive search's latency (issue 29): a photographer with 2,000 rolls and 70,000 frames (`seed-archive.ts`)
 * searches them through the HTTP API with a mix of what people type and click (words, filters, each order, next
 * pages, frames), one request at a time; p95 per kind, beside the p95 of `/healthz` asked between them. PostgreSQL only
 * (the archive is seeded over SQL beside the running server). `bench/run.ts` calls `measureArchiveSearch` on its
 * server; `node bench/archive-search.ts [--quick]` runs it alone on a server of its own (DATABASE_URL or
 * TEST_DATABASE_URL: a database of its own is made and dropped).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type BenchRow, percentile, runAloneOnPostgres } from "./bench-support.ts";
import { seedArchive } from "./seed-archive.ts";

const root = new URL("..", import.meta.url).pathname;

/** Seeds an archive for a new photographer of the running server, then measures the searches; answers table rows. */
export async function measureArchiveSearch(options: {
  base: string;
  /** The server's own environment (its DATA_DIR and PORT), for the token command. */
  env: Record<string, string>;
  databaseUrl: string;
  quick: boolean;
}): Promise<BenchRow[]> {
  const { base, env, databaseUrl, quick } = options;
  const size = quick ? { rolls: 200, shots: 7000, rounds: 3 } : { rolls: 2000, shots: 70000, rounds: 20 };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["apps/server/src/cli/token.ts", "--email", `archive-${Date.now()}@example.com`, "--role", "user"],
    { cwd: root, env: { ...process.env, ...env } },
  );
  const token = stdout.trim();
  const userId = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub as string;
  const headers = { authorization: `Bearer ${token}` };
  const accepted = await fetch(`${base}/api/user/privacy-policy`, { method: "POST", headers });
  if (!accepted.ok) throw new Error(`privacy policy: ${accepted.status}`);
  const seeded = await seedArchive({ databaseUrl, userId, rolls: size.rolls, shots: size.shots });
  console.log(`  · seeded ${size.rolls} rolls and ${size.shots} frames in ${(seeded.ms / 1000).toFixed(1)} s`);

  const get = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.text();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    return { ms, body: JSON.parse(body) as { items?: unknown[]; next?: string | null } };
  };
  const [camera, otherCamera] = seeded.cameraIds;
  const [lens] = seeded.lensIds;
  const rolls = [
    "/api/film/search",
    "/api/film/search?q=portra",
    "/api/film/search?q=Cadaqu%C3%A9s",
    "/api/film/search?q=coucher%20soleil",
    "/api/film/search?q=binder%203&sort=name",
    "/api/film/search?q=nikon%20fm",
    "/api/film/search?q=k&sort=shot",
    "/api/film/search?q=tramonto%20lago&sort=shot",
    "/api/film/search?status=developed&sort=shot",
    "/api/film/search?format=120&process=B%2FN",
    "/api/film/search?ei_min=800&ei_max=3200&sort=name",
    "/api/film/search?year=2019&month=7",
    `/api/film/search?camera_id=${camera}`,
    `/api/film/search?lens_id=${lens}&sort=shot`,
    "/api/film/search?has_kept=true&has_sticker=true",
    "/api/film/search?q=zzzz",
  ];
  const frames = [
    "/api/shots/search",
    `/api/shots/search?camera_id=${otherCamera}`,
    `/api/shots/search?lens_id=${lens}&aperture_min=4`,
    "/api/shots/search?q=tramonto",
    "/api/shots/search?q=posta%20sol",
    "/api/shots/search?aperture_min=8&kept=true",
    "/api/shots/search?taken_from=2020-01-01&taken_to=2020-12-31",
    "/api/shots/search?kept=true",
  ];
  // Next pages, as someone scrolling would ask for them: cursors taken from the first pages.
  const nextPages = async (paths: string[]) => {
    const next: string[] = [];
    for (const path of paths) {
      let page = await get(path);
      for (let n = 0; n < 2 && page.body.next; n++) {
        const nextPath = `${path}${path.includes("?") ? "&" : "?"}after=${encodeURIComponent(page.body.next)}`;
        next.push(nextPath);
        page = await get(nextPath);
      }
    }
    return next;
  };
  const rollPaths = [...rolls, ...(await nextPages([rolls[0]!, rolls[1]!, rolls[8]!, rolls[10]!]))];
  const framePaths = [...frames, ...(await nextPages([frames[0]!, frames[3]!]))];

  // Warm-up: each query once (connections, plans, caches), then rounds of the whole mix with /healthz between.
  for (const path of [...rollPaths, ...framePaths]) await get(path);
  const times = { rolls: [] as number[], frames: [] as number[], health: [] as number[] };
  const byPath = new Map<string, number[]>();
  for (let round = 0; round < size.rounds; round++) {
    for (const [kind, paths] of [
      ["rolls", rollPaths],
      ["frames", framePaths],
    ] as const) {
      for (const path of paths) {
        const { ms } = await get(path);
        times[kind].push(ms);
        byPath.set(path, [...(byPath.get(path) ?? []), ms]);
        const t = performance.now();
        await (await fetch(`${base}/healthz`)).arrayBuffer();
        times.health.push(performance.now() - t);
      }
    }
  }
  const health = percentile(times.health, 0.95);
  const ranked = [...byPath].map(([path, ms]) => [path, percentile(ms, 0.95)] as const).sort((a, b) => b[1] - a[1]);
  if (process.argv.includes("--each")) for (const [path, ms] of ranked) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${path}`);
  const slowest = ranked[0]!;
  const row = (kind: "rolls" | "frames", label: string, queries: number): BenchRow => {
    const p95 = percentile(times[kind], 0.95);
    return {
      figure: `${label}, ${size.rolls} rolls / ${size.shots} frames, ${queries} queries × ${size.rounds} rounds, p95 (ms; baseline: /healthz p95)`,
      value: p95,
      baseline: health,
      ratio: p95 / health,
      goal: "< 100 ms",
      meets: p95 < 100,
      unit: "ms",
      note: `median ${percentile(times[kind], 0.5).toFixed(1)} ms, max ${Math.max(...times[kind]).toFixed(0)} ms`,
    };
  };
  return [
    row("rolls", "archive search GET film/search (words, filters, 3 orders, next pages)", rollPaths.length),
    row("frames", "frame search GET shots/search (gear, aperture, dates, kept, words, next pages)", framePaths.length),
    // Which query to look at first; the goal is the mix's p95 above.
    {
      figure: "archive search: the slowest query's p95 (ms)",
      value: slowest[1],
      baseline: null,
      ratio: null,
      goal: "—",
      meets: null,
      unit: "ms",
      note: slowest[0],
    },
  ];
}

if (import.meta.main) await runAloneOnPostgres("archive-search", measureArchiveSearch);
