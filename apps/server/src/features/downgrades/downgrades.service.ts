import { DOWNGRADE_CLEAN_UP_DAYS } from "@latent/domain/user";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../platform/http/app-error.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { UsersService } from "../users/users.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Bytes the run of `now` must free of what is still `over` the limit, for a clean-up that began at `since`. Day d
 * (1 on the first day, …, 14) frees 1/(15 − d) of what is over: usage falls by an even share each day and fits on
 * day 14 at the latest. The share is taken from the date, not a count of runs, so a missed day is made up the next.
 */
export function bytesToFree(over: number, since: Date, now: number): number {
  if (over <= 0) return 0;
  const day = Math.min(DOWNGRADE_CLEAN_UP_DAYS, Math.max(1, Math.floor((now - since.getTime()) / DAY_MS) + 1));
  return Math.ceil(over / (DOWNGRADE_CLEAN_UP_DAYS - day + 1));
}

export interface DowngradesDeps {
  users: Pick<UsersService, "setDowngrading" | "downgrading" | "get">;
  shots: Pick<ShotsService, "removeOldestUnkept">;
  entitlements: Pick<EntitlementsService, "storage">;
  log: FastifyBaseLogger;
}

/**
 * A move to a plan with less storage than the user holds (spec §4 Downgrade): `downgrading_since` is set, and over
 * the next 14 days unkept scans are deleted, oldest upload first, until usage fits; kept shots are never deleted.
 * The user may run the whole clean-up at once from the profile.
 */
export function createDowngradesService({ users, shots, entitlements, log }: DowngradesDeps) {
  /** Bytes the user holds beyond the plan's storage limit (0 when it fits). */
  const overBy = async (userId: string) => {
    const { used, limit } = await entitlements.storage(userId);
    return limit === null ? 0 : Math.max(0, used - limit);
  };

  /** Frees `bytes` of the user's unkept scans; ends the clean-up once usage fits, or when nothing unkept is left. */
  const free = async (userId: string, bytes: number, reason: string) => {
    const { freed, removed } = await shots.removeOldestUnkept(userId, bytes);
    if (removed.length) log.info({ userId, reason, freed, shots: removed }, `downgrade clean-up deleted ${removed.length} shot(s)`);
    const left = await overBy(userId);
    if (left === 0) await users.setDowngrading(userId, null);
    else if (freed < bytes) {
      // Only kept shots remain: nothing more may be deleted, and the plan's limits keep refusing new scans.
      log.warn({ userId, over: left }, "downgrade clean-up stopped: only kept shots are left over the limit");
      await users.setDowngrading(userId, null);
    }
  };

  return {
    /** Starts the clean-up when the new plan holds less than the user's scans, or ends it when they fit. */
    async planChanged(userId: string, now = Date.now()) {
      await users.setDowngrading(userId, (await overBy(userId)) > 0 ? new Date(now) : null);
    },

    /** The daily run: each user's share of the clean-up for the day (see `bytesToFree`). */
    async runDaily(now = Date.now()) {
      for (const { id, since } of await users.downgrading()) {
        await free(id, bytesToFree(await overBy(id), since, now), "daily");
      }
    },

    /** Runs the user's whole clean-up now; refused (`nothing-over-limit`) when the scans already fit the plan. */
    async cleanUpNow(userId: string) {
      const over = await overBy(userId);
      if (over === 0) throw new AppError("nothing-over-limit");
      await free(userId, over, "asked by the user");
      return users.get(userId);
    },
  };
}

export type DowngradesService = ReturnType<typeof createDowngradesService>;
