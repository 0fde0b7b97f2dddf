/**
 * The lab's orders list at volume (issue 30): a lab with 10,000 orders (one in five with a roll), seeded over SQL in a
 * few statements, asks through the HTTP API for its first page, a deep page by cursor (past order 7,500), and
 * searches by reference, customer (accents typed or not) and email, with and without a status, one request at a time;
 * p95 per kind, beside the p95 of `/healthz` asked between them. PostgreSQL only. `bench/run.ts` calls
 * `measureOrdersList` on its server; `node bench/orders-list.ts [--quick]` runs it alone on a server of its own
 * (DATABASE_URL or TEST_DATABASE_URL: a database of its own is made and dropped).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { type BenchRow, percentile, runAloneOnPostgres } from "./bench-support.ts";

const root = new URL("..", import.meta.url).pathname;

const FIRST = [
  "María",
  "José",
  "Ana",
  "Jordi",
  "Núria",
  "Amélie",
  "François",
  "Giulia",
  "Luca",
  "Ada",
  "Joan",
  "Chloé",
  "Mateo",
  "Inès",
  "Paolo",
];
const LAST = [
  "García",
  "Núñez",
  "Martínez",
  "Puig",
  "Ferrer",
  "Dubois",
  "Lefèvre",
  "Rossi",
  "Bianchi",
  "Lovelace",
  "Miró",
  "Müller",
  "Smith",
  "Costa",
  "Vidal",
];

/** The email `seedOrders` gives its order `i` (as SQL writes it there). */
const emailOf = (i: number) =>
  `${`${FIRST[i % 15]}.${LAST[Math.floor(i / 15) % 15]}`.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}${i}@example.com`;

/**
 * `orders` orders of the lab `labId`, one every 7 minutes back from now, references `ORD-00001`…, names and emails
 * from the lists above, every fifth with one roll: four statements, so 10,000 orders take about a second.
 */
export async function seedOrders(databaseUrl: string, labId: string, orders: number) {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into orders (id, lab_id, reference, user_name, user_email, user_phone, status, created_at, updated_at)
       select gen_random_uuid()::text, $1, 'ORD-' || lpad(i::text, 5, '0'),
              ($2::text[])[1 + i % 15] || ' ' || ($3::text[])[1 + (i / 15) % 15],
              lower(translate(($2::text[])[1 + i % 15] || '.' || ($3::text[])[1 + (i / 15) % 15], 'áéíóúñçèàüï', 'aeiounceaui')) || i || '@example.com',
              '+34 600 ' || lpad((i % 1000)::text, 3, '0') || ' ' || lpad((i % 997)::text, 3, '0'),
              (array['created', 'shared', 'sent', 'collected'])[1 + i % 4],
              now() - (${orders} - i) * interval '7 minutes', now()
       from generate_series(1, $4::integer) as i`,
      [labId, FIRST, LAST, orders],
    );
    await client.query(
      `insert into films (user_id, order_id, name, brand, model, iso, format, n_exp, process, push_pull, created_at, updated_at)
       select $1, id, reference, 'Kodak', 'Portra 400', 400, '135', 36, 'C-41', 0, created_at, created_at
       from orders where lab_id = $1 and substr(reference, 5)::integer % 5 = 0`,
      [labId],
    );
    await client.query("commit");
    await client.query("analyze orders");
    await client.query("analyze films");
  } finally {
    await client.end();
  }
  return performance.now() - started;
}

/** Seeds a new lab's 10,000 orders beside the running server, then measures its list; answers table rows. */
export async function measureOrdersList(options: {
  base: string;
  /** The server's own environment (its DATA_DIR and PORT), for the token command. */
  env: Record<string, string>;
  databaseUrl: string;
  quick: boolean;
}): Promise<BenchRow[]> {
  const { base, env, databaseUrl, quick } = options;
  const size = quick ? { orders: 2000, rounds: 3 } : { orders: 10000, rounds: 20 };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["apps/server/src/cli/token.ts", "--email", `orders-lab-${Date.now()}@example.com`, "--role", "lab"],
    { cwd: root, env: { ...process.env, ...env } },
  );
  const token = stdout.trim();
  const labId = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub as string;
  const headers = { authorization: `Bearer ${token}` };
  // The first call makes the lab's user row, which its rolls belong to.
  const me = await fetch(`${base}/api/user`, { headers });
  if (!me.ok) throw new Error(`user: ${me.status}`);
  const ms = await seedOrders(databaseUrl, labId, size.orders);
  console.log(`  · seeded ${size.orders} orders in ${(ms / 1000).toFixed(1)} s`);

  const get = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.text();
    const took = performance.now() - t;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
    const next = res.headers.get("link")?.match(/^<([^>]+)>/)?.[1] ?? null;
    return { ms: took, count: (JSON.parse(body) as unknown[]).length, next };
  };
  // A deep page: the cursor the lab reaches after scrolling past three quarters of its orders.
  let deep = "/api/orders";
  for (let seen = 0; seen < size.orders * 0.75; seen += 50) {
    const page = await get(deep);
    if (!page.next) throw new Error(`no next page after ${seen} orders`);
    deep = page.next;
  }
  const at = (n: number) => String(Math.round(size.orders * n)).padStart(5, "0");
  const kinds = {
    "first page": ["/api/orders", "/api/orders?status=sent"],
    "deep page by cursor": [deep],
    "search by reference": [`/api/orders?search=ORD-${at(0.7431)}`, `/api/orders?search=${at(0.5)}`],
    "search by customer": [
      "/api/orders?search=garcia",
      "/api/orders?search=N%C3%BA%C3%B1ez%20mar%C3%ADa",
      "/api/orders?search=lovelace&status=created",
    ],
    "search by email": [
      `/api/orders?search=${encodeURIComponent(emailOf(Math.round(size.orders * 0.25)))}`,
      "/api/orders?search=chloe.smith",
    ],
  };
  for (const [kind, paths] of Object.entries(kinds)) {
    for (const path of paths) {
      const { count } = await get(path);
      if (count === 0) throw new Error(`${kind}: ${path} found nothing`);
    }
  }
  const times = new Map<string, number[]>(Object.keys(kinds).map((k) => [k, []]));
  const health: number[] = [];
  for (let round = 0; round < size.rounds; round++) {
    for (const [kind, paths] of Object.entries(kinds)) {
      for (const path of paths) {
        times.get(kind)!.push((await get(path)).ms);
        const t = performance.now();
        await (await fetch(`${base}/healthz`)).arrayBuffer();
        health.push(performance.now() - t);
      }
    }
  }
  const baseline = percentile(health, 0.95);
  return [...times].map(([kind, samples]) => {
    const p95 = percentile(samples, 0.95);
    return {
      figure: `lab orders list GET orders, ${kind}, ${size.orders} orders, ${samples.length} requests, p95 (ms; baseline: /healthz p95)`,
      value: p95,
      baseline,
      ratio: p95 / baseline,
      goal: "< 100 ms",
      meets: p95 < 100,
      unit: "ms",
      note: `median ${percentile(samples, 0.5).toFixed(1)} ms, max ${Math.max(...samples).toFixed(0)} ms`,
    };
  });
}

if (import.meta.main) await runAloneOnPostgres("orders-list", measureOrdersList);
