import { sql } from "kysely";
import type { Db } from "../db/db-handle.ts";

/** What the sandbox provider holds, as the real provider would on its side: customers, checkouts, subscriptions, portals. */
export type SandboxKind = "customer" | "checkout" | "subscription" | "portal";

export async function findSandboxObject<T>(db: Db, kind: SandboxKind, id: string): Promise<T | undefined> {
  const row = await db
    .selectFrom("payment_sandbox_objects")
    .select("data")
    .where("id", "=", id)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return row?.data as T | undefined;
}

/** The sandbox's objects of one kind whose `data.customer` is the given customer, oldest first. */
export async function listSandboxObjects<T>(db: Db, kind: SandboxKind, customer: string): Promise<T[]> {
  const rows = await db
    .selectFrom("payment_sandbox_objects")
    .select("data")
    .where("kind", "=", kind)
    .where(sql<boolean>`data->>'customer' = ${customer}`)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => r.data as T);
}

export async function saveSandboxObject(db: Db, kind: SandboxKind, id: string, data: object) {
  const json = JSON.stringify(data);
  await db
    .insertInto("payment_sandbox_objects")
    .values({ id, kind, data: json })
    .onConflict((oc) => oc.column("id").doUpdateSet({ data: json }))
    .execute();
}

/**
 * Moves a checkout from one state to another, once: concurrent submissions of the same form pay once.
 * Answers the checkout when this call made the move.
 */
export async function moveSandboxCheckout<T>(db: Db, id: string, from: string[], to: string): Promise<T | undefined> {
  const row = await db
    .updateTable("payment_sandbox_objects")
    .set({ data: sql`jsonb_set(data, '{status}', to_jsonb(${to}::text))` })
    .where("id", "=", id)
    .where("kind", "=", "checkout")
    .where(sql<boolean>`data->>'status' in (${sql.join(from)})`)
    .returning("data")
    .executeTakeFirst();
  return row?.data as T | undefined;
}
