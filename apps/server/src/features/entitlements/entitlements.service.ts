import { type Entitlement, hasRoomFor, limitOf, OVER_LIMIT, type PlanId, planOf } from "@latent/domain/plans";
import type { Kysely } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database } from "../../platform/db/schema.ts";
import { createHook } from "../../platform/hooks/hook.ts";
import { AppError } from "../../platform/http/app-error.ts";
import { deletePlanOfUser, findPlan, lockPlan, setPlanRow } from "./entitlements.store.ts";

/** How much of one entitlement a user holds now, counted by the feature that owns the rows (in `db`'s transaction). */
export type Meter = (db: Db, userId: string) => Promise<number>;

/**
 * The one module that owns a user's plan and its limits (spec §9, numbers in the domain's `plans.ts`). Features
 * that own the counted rows register a meter for their entitlement; a feature about to add rows calls `assertRoom`
 * inside the transaction that adds them.
 */
export function createEntitlementsService({ db }: { db: Kysely<Database> }) {
  const meters = new Map<Entitlement, Meter>();
  /** Runs after a user's plan changed: the downgrades feature starts or ends a clean-up there. */
  const planChanged = createHook<{ userId: string; plan: PlanId }>();
  /** Runs before rows are added against a limit: users refuses an inactive account there (`account-inactive`). */
  const beforeAdding = createHook<{ tx: Db; userId: string; kind: Entitlement }>();

  const meter = (kind: Entitlement) => {
    const m = meters.get(kind);
    if (!m) throw new Error(`No meter registered for ${kind}`);
    return m;
  };

  return {
    planChanged,
    beforeAdding,

    /** Registers how an entitlement is counted; each is registered once, by the feature that owns its rows. */
    registerMeter(kind: Entitlement, m: Meter) {
      if (meters.has(kind)) throw new Error(`A meter for ${kind} is already registered`);
      meters.set(kind, m);
    },

    /**
     * Refuses, with the limit's catalogue error, adding `n` of `kind` (rolls, gear, kept shots, bytes) beyond the
     * user's plan. Locks the user's plan row for the rest of `tx`, so concurrent additions are counted one after
     * the other: call it inside the transaction that writes the new rows.
     */
    async assertRoom(tx: Db, userId: string, kind: Entitlement, n = 1) {
      await beforeAdding.run({ tx, userId, kind });
      const limit = limitOf(await lockPlan(tx, userId), kind);
      if (limit === null || n <= 0) return;
      if (!hasRoomFor(await meter(kind)(tx, userId), limit, n)) throw new AppError(OVER_LIMIT[kind]);
    },

    /** The user's plan and its limits (free when never changed). */
    async planOf(userId: string) {
      return planOf(await findPlan(db, userId));
    },

    /** What the user holds of the given entitlements. */
    async usage<K extends Entitlement>(userId: string, kinds: readonly K[]): Promise<Record<K, number>> {
      const counts = await Promise.all(kinds.map((k) => meter(k)(db, userId)));
      return Object.fromEntries(kinds.map((k, i) => [k, counts[i]!])) as Record<K, number>;
    },

    /** Bytes of scans the user holds and the plan's limit for them (`null` = unlimited). */
    async storage(userId: string) {
      const [plan, used] = await Promise.all([findPlan(db, userId), meter("storage")(db, userId)]);
      return { used, limit: limitOf(plan, "storage") };
    },

    /** Moves a user to another plan: the one place a plan changes (payments, operators). */
    async setPlan(userId: string, plan: PlanId) {
      await setPlanRow(db, userId, plan);
      await planChanged.run({ userId, plan });
    },

    /** Forgets a deleted user's plan (the users feature, which this feature comes before, calls it); answers the rows deleted. */
    forget(userId: string) {
      return deletePlanOfUser(db, userId);
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
