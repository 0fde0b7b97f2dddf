import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** Leaves work for once the transaction has committed (never run if it rolls back). */
export type AfterCommit = (work: () => void) => void;

/**
 * A transaction whose participants may leave work for after its commit: an effect that others must see written
 * (a webhook delivery tried at once) starts only when its rows are visible to every connection, and never for a
 * change that was rolled back. The work is started, not awaited: the caller answers without waiting for it.
 */
export async function transaction<T>(db: Kysely<Database>, work: (tx: Transaction<Database>, afterCommit: AfterCommit) => Promise<T>) {
  const after: (() => void)[] = [];
  const result = await db.transaction().execute((tx) => work(tx, (fn) => after.push(fn)));
  for (const fn of after) fn();
  return result;
}
