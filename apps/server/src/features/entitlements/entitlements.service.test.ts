import { PGlite } from "@electric-sql/pglite";
import { PLANS } from "@latent/domain/plans";
import { Kysely, PGliteDialect, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import { createEntitlementsService } from "./entitlements.service.ts";

/** Plans and limits with the counted rows played by the test; test/entitlements.int.test.ts covers them under load. */
describe("entitlements", () => {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite() }) });
  const entitlements = createEntitlementsService({ db });
  // What each user holds, as the features owning the rows would count it.
  const held: Record<string, { rolls: number; gear: number; storage: number }> = {};
  const holding = (userId: string) => (held[userId] ??= { rolls: 0, gear: 0, storage: 0 });
  entitlements.registerMeter("rolls", async (_db, userId) => holding(userId).rolls);
  entitlements.registerMeter("gear", async (_db, userId) => holding(userId).gear);
  entitlements.registerMeter("storage", async (_db, userId) => holding(userId).storage);
  const changes: { userId: string; plan: string }[] = [];
  entitlements.planChanged.add(async (change) => {
    changes.push(change);
  });
  const inactive = new Set<string>();
  entitlements.beforeAdding.add(async ({ userId }) => {
    if (inactive.has(userId)) throw new AppError("account-inactive");
  });
  let n = 0;
  let user: string;
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "allowed",
      (error: unknown) => (error instanceof AppError ? error.code : String(error)),
    );

  beforeAll(async () => {
    // The table as migration 0004 makes it, without the users table its key refers to.
    await sql`create table user_plans (user_id text primary key, plan text not null default 'free', updated_at timestamptz not null default now())`.execute(
      db,
    );
  });
  beforeEach(() => {
    user = `user-${++n}`;
    changes.length = 0;
  });
  afterAll(() => db.destroy());

  it("lets the last roll and the last bytes of the free plan in and refuses the next with each limit's own error", async () => {
    holding(user).rolls = PLANS.free.maxFilms - 1;
    expect(await refusal(entitlements.assertRoom(db, user, "rolls"))).toBe("allowed");
    holding(user).rolls = PLANS.free.maxFilms;
    expect(await refusal(entitlements.assertRoom(db, user, "rolls"))).toBe("films-capacity-reached");
    holding(user).storage = PLANS.free.maxStorageBytes - 1000;
    expect(await refusal(entitlements.assertRoom(db, user, "storage", 1000))).toBe("allowed");
    expect(await refusal(entitlements.assertRoom(db, user, "storage", 1001))).toBe("not-enough-space");
    expect(await refusal(entitlements.assertRoom(db, user, "gear"))).toBe("allowed");
    holding(user).gear = PLANS.free.maxGear;
    expect(await refusal(entitlements.assertRoom(db, user, "gear"))).toBe("gear-limit-reached");
  });

  it("refuses nothing on the unlimited plan, and nothing that adds nothing to a user already over a lower plan's limit", async () => {
    holding(user).rolls = PLANS.free.maxFilms + 5;
    expect(await refusal(entitlements.assertRoom(db, user, "rolls", 0))).toBe("allowed");
    expect(await refusal(entitlements.assertRoom(db, user, "rolls"))).toBe("films-capacity-reached");
    await entitlements.setPlan(user, "unlimited");
    holding(user).rolls = 1_000_000;
    expect(await refusal(entitlements.assertRoom(db, user, "rolls", 10))).toBe("allowed");
  });

  it("refuses an inactive account before counting anything, even with room to spare", async () => {
    inactive.add(user);
    expect(await refusal(entitlements.assertRoom(db, user, "rolls"))).toBe("account-inactive");
    await entitlements.setPlan(user, "unlimited");
    expect(await refusal(entitlements.assertRoom(db, user, "rolls"))).toBe("account-inactive");
  });

  it("starts everyone on free, moves a user to another plan, tells who follows plan changes, and forgets a deleted user's plan", async () => {
    expect((await entitlements.planOf(user)).id).toBe("free");
    await entitlements.setPlan(user, "artist");
    expect((await entitlements.planOf(user)).id).toBe("artist");
    expect(changes).toEqual([{ userId: user, plan: "artist" }]);
    await entitlements.setPlan(user, "unlimited");
    expect((await entitlements.planOf(user)).id).toBe("unlimited");
    expect(await entitlements.forget(user)).toBe(1);
    expect((await entitlements.planOf(user)).id).toBe("free");
    expect(await entitlements.forget(user)).toBe(0);
  });

  it("reports what a user holds and the storage the plan gives, none left unlimited", async () => {
    Object.assign(holding(user), { rolls: 2, gear: 1, storage: 12_345 });
    expect(await entitlements.usage(user, ["rolls", "gear"])).toEqual({ rolls: 2, gear: 1 });
    expect(await entitlements.storage(user)).toEqual({ used: 12_345, limit: PLANS.free.maxStorageBytes });
    await entitlements.setPlan(user, "unlimited");
    expect(await entitlements.storage(user)).toEqual({ used: 12_345, limit: null });
  });

  it("counts each entitlement once: a second meter for it, or a count of one nobody meters, stops the server at start", async () => {
    expect(() => entitlements.registerMeter("rolls", async () => 0)).toThrow("A meter for rolls is already registered");
    await expect(entitlements.usage(user, ["kept"])).rejects.toThrow("No meter registered for kept");
  });
});
