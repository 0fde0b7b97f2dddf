/**
 * An archive of real size under a photographers' mix (issue 32, goal 2): 200 photographers × 20 rolls × 36 frames
 * (144,000 frames, rows only: their files do not matter to the reads) seeded over SQL in a few statements, then 50
 * connections asking 90 % reads (`GET film/{id}` of a random roll of a random photographer, their `GET film/`, a
 * `GET film/search`) and 10 % writes (keep or unkeep a frame, rename a roll, edit a frame's scanner), each request
 * as a random photographer; req/s and p99 beside `/healthz` on the same server, once with the reply cache and once
 * without it (`REPLY_CACHE=false`: the database path alone). PostgreSQL only. Each run starts its own server
 * processes (one at a time: without Redis an instance runs alone). `bench/run.ts` calls `measureArchiveLoad`;
 * `node bench/archive-load.ts [--quick] [--prof]` runs it alone on a database of its own (DATABASE_URL or
 * TEST_DATABASE_URL; made and dropped). `--prof`: the cache-off server writes a CPU profile into bench/results.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { type BenchRow, type BenchServer, freePort, freshDatabase, startBenchServer } from "./bench-support.ts";

const root = new URL("..", import.meta.url).pathname;

const PLACES = ["Cadaqués", "Girona", "València", "Étretat", "Montmartre", "Napoli", "Lisboa", "Brooklyn", "Empordà", "Sevilla"];
const STOCKS = [
  ["Kodak", "Portra 400", 400, "C-41"],
  ["Ilford", "HP5 Plus", 400, "B/N"],
  ["Fujifilm", "Velvia 50", 50, "E-6"],
  ["Kodak", "Tri-X 400", 400, "B/N"],
  ["CineStill", "800T", 800, "ECN-2"],
] as const;
/** What the mix searches for: places and stocks, as prefixes people type. */
const WORDS = ["cadaq", "girona", "valencia", "etretat", "napoli", "lisboa", "portra", "hp5", "velvia", "tri-x", "kodak 400"];

/**
 * `photographers` users of these ids, each with `rolls` rolls of `shots` finished frames, in four statements inside
 * one transaction; the search documents follow through the database's triggers, as for rows the API writes.
 */
export async function seedPhotographers(databaseUrl: string, ids: readonly string[], rolls: number, shots: number) {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into users (id, email, role, policy_accepted, policy_accepted_at, created_at, updated_at)
       select id, 'archive-' || id || '@example.com', 'user', true, now(), now(), now() from unnest($1::text[]) as id
       on conflict (id) do update set policy_accepted = true, policy_accepted_at = now()`,
      [ids],
    );
    await client.query(
      `insert into user_plans (user_id, plan) select id, 'unlimited' from unnest($1::text[]) as id
       on conflict (user_id) do update set plan = 'unlimited'`,
      [ids],
    );
    await client.query(
      `insert into films (user_id, name, brand, model, iso, format, n_exp, process, push_pull, month, year, created_at, updated_at)
       select u.id, ($3::text[])[1 + (u.n * 7 + r) % cardinality($3::text[])] || ' ' || (2000 + (u.n + r) % 25),
              s.brand, s.model, s.iso, '135', 36, s.process, 0, 1 + r % 12, 2000 + (u.n + r) % 25,
              now() - (r || ' days')::interval, now() - (r || ' days')::interval
       from unnest($1::text[]) with ordinality as u(id, n)
       cross join generate_series(1, $2::integer) as r
       join (select * from unnest($4::text[], $5::text[], $6::int[], $7::text[]) with ordinality as t(brand, model, iso, process, k)) s
         on s.k = 1 + (u.n + r) % ${STOCKS.length}`,
      [ids, rolls, PLACES, STOCKS.map((s) => s[0]), STOCKS.map((s) => s[1]), STOCKS.map((s) => s[2]), STOCKS.map((s) => s[3])],
    );
    await client.query(
      `insert into shots (film_id, user_id, index, state, object_key, thumb_key, preview_key, content_type, size, width, height,
         kept, created_at, updated_at)
       select f.id, f.user_id, i, 'done', 'films/' || f.id || '/' || i || '/original.jpg', 'films/' || f.id || '/' || i || '/thumb.webp',
              'films/' || f.id || '/' || i || '/preview.jpg', 'image/jpeg', 24000000, 6000, 4000, i % 20 = 0, f.created_at, f.created_at
       from films f cross join generate_series(1, $2::integer) as i
       where f.user_id = any($1::text[])`,
      [ids, shots],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  const seededMs = performance.now() - started;
  // What autovacuum would do soon after; not part of the seeding's time (the goal is the rows written).
  const analyze = new pg.Client({ connectionString: databaseUrl });
  await analyze.connect();
  for (const table of ["users", "films", "shots", "roll_search", "shot_search"]) await analyze.query(`vacuum analyze ${table}`);
  const { rows } = await analyze.query<{ user_id: string; ids: string[] }>(
    "select user_id, array_agg(id::text order by id) as ids from films where user_id = any($1::text[]) group by user_id",
    [ids],
  );
  await analyze.end();
  return { ms: seededMs, rollsOf: new Map(rows.map((r) => [r.user_id, r.ids])) };
}

interface Mix {
  base: string;
  connections: number;
  durationS: number;
  photographers: { token: string; rolls: string[] }[];
  shots: number;
}

/**
 * The load generator, run in a process of its own (`--drive config.json`): autocannon, every request drawn at random
 * from the mix. Prints autocannon's mean req/s, p99 and failures as JSON, with the counts of each kind asked.
 */
async function drive(configPath: string) {
  const { default: autocannon } = await import("autocannon");
  const mix = JSON.parse(await readFile(configPath, "utf8")) as Mix | { base: string; connections: number; durationS: number };
  if (!("photographers" in mix)) {
    const r = await autocannon({ url: `${mix.base}/healthz`, connections: mix.connections, duration: mix.durationS });
    console.log(JSON.stringify({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts }));
    return;
  }
  const counts: Record<string, number> = {};
  const refused: string[] = [];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
  let n = 0;
  /** One request of the mix; `x` in [0, 1) picks its kind. */
  const draw = (x: number) => {
    const who = pick(mix.photographers);
    const roll = pick(who.rolls);
    const headers = { authorization: `Bearer ${who.token}`, "content-type": "application/json" };
    const index = 1 + Math.floor(Math.random() * mix.shots);
    const [kind, method, path, body] =
      x < 0.6
        ? ["roll page", "GET", `/api/film/${roll}`, undefined]
        : x < 0.8
          ? ["rolls list", "GET", "/api/film", undefined]
          : x < 0.9
            ? ["search", "GET", `/api/film/search?q=${encodeURIComponent(pick(WORDS))}`, undefined]
            : x < 0.94
              ? ["keep", "PUT", `/api/film/shot/${roll}`, { index, kept: Math.random() < 0.5 }]
              : x < 0.97
                ? ["rename", "PUT", `/api/film/${roll}`, { name: `${pick(PLACES)} ${++n}` }]
                : ["edit", "PUT", `/api/film/shot/${roll}`, { index, scanner: `Scanner ${n++ % 7}` }];
    return { kind, method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  };
  // Each kind once, before the load: a kind the server refuses is a broken bench, said with the server's answer.
  for (const x of [0, 0.7, 0.85, 0.92, 0.95, 0.99]) {
    const { kind, method, path, headers, body } = draw(x);
    const res = await fetch(`${mix.base}${path}`, { method, headers, body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${kind}: ${method} ${path} answered ${res.status} ${text.slice(0, 300)}`);
  }
  const r = await autocannon({
    url: mix.base,
    connections: mix.connections,
    duration: mix.durationS,
    requests: [
      {
        setupRequest: (req: Record<string, unknown>, context: Record<string, unknown>) => {
          const { kind, ...request } = draw(Math.random());
          counts[kind] = (counts[kind] ?? 0) + 1;
          // What this connection asks now: a refusal is reported with its request.
          context.asked = `${request.method} ${request.path}`;
          return { ...req, ...request };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          if ((status < 200 || status > 299) && refused.length < 5) refused.push(`${status} ${context.asked}: ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  console.log(
    JSON.stringify({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts, counts, refused }),
  );
}

type Load = {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  counts?: Record<string, number>;
  /** The first refusals, with what was asked and the answer's start. */
  refused?: string[];
};

async function runLoad(dir: string, config: object): Promise<Load> {
  const file = join(dir, `load-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(config));
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, "bench", "archive-load.ts"), "--drive", file], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(stdout.trim().split("\n").at(-1)!) as Load;
  if (result.non2xx || result.errors) {
    throw new Error(
      `archive load: ${result.non2xx} non-2xx answers, ${result.errors} errors${result.refused?.length ? `: ${result.refused.join("; ")}` : ""}`,
    );
  }
  return result;
}

/** A server on the archive's database, alone (without Redis): the mix measures one instance and its database. */
const startServer = (databaseUrl: string, dataDir: string, port: number, env: Record<string, string>, nodeArgs: string[] = []) =>
  startBenchServer({ databaseUrl, dataDir, port, env, nodeArgs, alone: true, readyWithinMs: 60_000 });

/** Seeds the archive into `databaseUrl` (a database of the bench's own) and measures the mix; answers table rows. */
export async function measureArchiveLoad(options: {
  databaseUrl: string;
  quick: boolean;
  prof?: boolean;
  /** The data folder of the server that used the database before (it keeps the files the database knows of). */
  dataDir?: string;
}): Promise<BenchRow[]> {
  const { databaseUrl, quick, prof } = options;
  const size = quick
    ? { photographers: 20, rolls: 20, shots: 36, durationS: 2 }
    : { photographers: 200, rolls: 20, shots: 36, durationS: 10 };
  const connections = 50;
  const dir = await mkdtemp(join(tmpdir(), "latent-archive-load-"));
  const dataDir = options.dataDir ?? join(dir, "data");
  const rows: BenchRow[] = [];
  let server: BenchServer | undefined;
  try {
    // One address for both servers: the tokens name it.
    const port = await freePort();
    server = await startServer(databaseUrl, dataDir, port, {});
    const secret = (await readFile(join(dataDir, "dev-token-secret"), "utf8")).trim();
    const tokens: string[] = [];
    for (let i = 0; i < size.photographers; i++) {
      const res = await fetch(`${server.base}/auth/dev-token`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-latent-dev-secret": secret },
        body: JSON.stringify({ email: `archive-${i}-${Date.now()}@example.com`, role: "user", expires_in: 3600 }),
      });
      if (!res.ok) throw new Error(`dev token ${i}: ${res.status} ${await res.text()}`);
      tokens.push(((await res.json()) as { access_token: string }).access_token);
    }
    const ids = tokens.map((t) => JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()).sub as string);
    const seeded = await seedPhotographers(databaseUrl, ids, size.rolls, size.shots);
    const frames = size.photographers * size.rolls * size.shots;
    console.log(`  · seeded ${size.photographers} photographers, ${frames} frames in ${(seeded.ms / 1000).toFixed(1)} s`);
    rows.push({
      figure: `archive seeding, ${size.photographers} photographers × ${size.rolls} rolls × ${size.shots} frames (s; rows only)`,
      value: seeded.ms / 1000,
      baseline: null,
      ratio: null,
      goal: "< 60 s",
      meets: seeded.ms < 60_000,
      unit: "s",
    });
    const photographers = ids.map((id, i) => ({ token: tokens[i]!, rolls: seeded.rollsOf.get(id) ?? [] }));

    for (const cache of ["on", "off"] as const) {
      if (cache === "off") {
        await server.stop();
        const cpuProf = prof
          ? [
              "--cpu-prof",
              `--cpu-prof-dir=${join(root, "bench", "results", `prof-archive-cache-off-${new Date().toISOString().replace(/[:.]/g, "-")}`)}`,
            ]
          : [];
        server = await startServer(databaseUrl, dataDir, port, { REPLY_CACHE: "false" }, cpuProf);
      }
      // Warm: the first requests load code and fill the pool.
      await runLoad(dir, { base: server.base, connections, durationS: 1, photographers, shots: size.shots });
      const health = await runLoad(dir, { base: server.base, connections, durationS: size.durationS });
      const mix = await runLoad(dir, { base: server.base, connections, durationS: size.durationS, photographers, shots: size.shots });
      const ratio = mix.rps / health.rps;
      const goal = cache === "on" ? 0.3 : 0.2;
      const counts = Object.entries(mix.counts ?? {})
        .map(([k, v]) => `${k} ${v}`)
        .join(", ");
      rows.push({
        figure: `archive mix 90 % reads / 10 % writes, ${connections} connections, reply cache ${cache} (req/s; baseline: /healthz)`,
        value: mix.rps,
        baseline: health.rps,
        ratio,
        goal: `≥ ${goal.toFixed(2)}`,
        meets: ratio >= goal,
        note: `${counts}; load average ${loadavg()[0]!.toFixed(1)}`,
      });
      rows.push({
        figure: `archive mix p99 latency, ${connections} connections, reply cache ${cache}`,
        value: mix.p99,
        baseline: health.p99,
        ratio: null,
        goal: cache === "on" ? "< 25 ms" : "—",
        meets: cache === "on" ? mix.p99 < 25 : null,
        unit: "ms",
      });
    }
    return rows;
  } finally {
    // Also when a run failed: a server left running would outlive the bench's database.
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  if (argv[0] === "--drive") {
    await drive(argv[1]!);
  } else {
    const quick = argv.includes("--quick");
    const pgUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!pgUrl) {
      console.error("node bench/archive-load.ts needs DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)");
      process.exit(2);
    }
    const database = await freshDatabase(pgUrl, `latent_archive_bench_${process.pid}`);
    try {
      await mkdir(join(root, "bench", "results"), { recursive: true });
      for (const r of await measureArchiveLoad({ databaseUrl: database.url, quick, prof: argv.includes("--prof") })) {
        console.log(`${r.figure}: ${typeof r.value === "number" ? r.value.toFixed(1) : r.value} ${r.unit ?? ""}`);
        console.log(
          `  baseline ${typeof r.baseline === "number" ? r.baseline.toFixed(1) : "—"}; ratio ${r.ratio?.toFixed(2) ?? "—"}; ${r.note ?? ""}; meets: ${r.meets}`,
        );
      }
    } finally {
      await database.drop();
    }
  }
}
