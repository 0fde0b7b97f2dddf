import pg from "pg";
import { ConfigError } from "../../config.ts";

/**
 * Instances of one database find each other through a PostgreSQL advisory lock held for the process's life: an
 * instance without Redis holds it alone (exclusive), instances with Redis share it. Without Redis, live feeds (a
 * revoked link closing its viewers' feeds included), rate limits and cooldowns stay inside one process, so a second
 * instance beside it would quietly split them: it stops at start with one sentence instead (issue 24, item 9).
 * The lock is released by PostgreSQL when the process's connection ends, a kill -9 included.
 */
export interface InstanceLock {
  release(): Promise<void>;
}

const KEY = "select hashtext('latent-instances:' || current_database() || ':' || current_schema()) as key";

export async function holdInstanceLock(databaseUrl: string, shared: boolean): Promise<InstanceLock> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "latent-instance-lock" });
  // The connection dropping later (a database restart) ends the lock; the instance keeps serving as it was.
  client.on("error", () => undefined);
  await client.connect();
  try {
    const take = shared ? "pg_try_advisory_lock_shared" : "pg_try_advisory_lock";
    const { rows } = await client.query<{ held: boolean }>(`select ${take}(key) as held from (${KEY}) k`);
    if (!rows[0]?.held)
      throw new ConfigError(
        shared
          ? "REDIS_URL: an instance without REDIS_URL is already running on this database; set the same REDIS_URL on every instance, or run one instance only."
          : "REDIS_URL: another instance is already running on this database; instances share live feeds, rate limits and cooldowns only through Redis, so set the same REDIS_URL on every instance.",
      );
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return { release: () => client.end().catch(() => undefined) };
}
