/** What every bench script needs alike: a free loopback port, a pause, a percentile and a database of its own. */
import { createServer } from "node:net";
import pg from "pg";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port free on 127.0.0.1 at the time of asking. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The sample at fraction `p` of the sorted samples (0.95: the p95). */
export const percentile = (samples: number[], p: number) =>
  samples.toSorted((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;

/** The bench's PostgreSQL, when configured: DATABASE_URL, else TEST_DATABASE_URL. */
export const benchPostgresUrl = () => process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

async function runOn(serverUrl: string, query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `name` on the PostgreSQL server of `serverUrl`, so a bench never reads or leaves rows in anyone
 * else's; `drop` removes it, connections and all.
 */
export async function freshDatabase(serverUrl: string, name: string) {
  await runOn(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOn(serverUrl, `drop database if exists ${name} with (force)`) };
}
