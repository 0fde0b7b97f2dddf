import type { Db } from "../../platform/db/db-handle.ts";

/**
 * The user's plan, with the row locked until the transaction ends: every limit check of that user waits here,
 * so "count, then insert" cannot race. The row is created on first use (every user starts on free).
 */
export async function lockPlan(tx: Db, userId: string): Promise<string> {
  const row = await tx
    .insertInto("user_plans")
    .values({ user_id: userId })
    // An upsert that updates nothing but takes the row lock, in one statement.
    .onConflict((oc) => oc.column("user_id").doUpdateSet((eb) => ({ plan: eb.ref("user_plans.plan") })))
    .returning("plan")
    .executeTakeFirstOrThrow();
  return row.plan;
}

export async function findPlan(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom("user_plans").select("plan").where("user_id", "=", userId).executeTakeFirst();
  return row?.plan;
}

export async function setPlanRow(db: Db, userId: string, plan: string) {
  await db
    .insertInto("user_plans")
    .values({ user_id: userId, plan, updated_at: new Date() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ plan, updated_at: new Date() }))
    .execute();
}

/** Deletes the user's plan row (the account is being deleted); answers how many rows went. */
export async function deletePlanOfUser(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom("user_plans").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
