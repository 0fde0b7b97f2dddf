import { INACTIVE_GRACE_DAYS } from "@latent/domain/user";
import type { FastifyBaseLogger } from "fastify";
import type { ShotsService } from "../shots/shots.service.ts";
import type { UsersService } from "../users/users.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InactiveAccountsDeps {
  users: Pick<UsersService, "inactiveBefore">;
  shots: Pick<ShotsService, "removeAllOfUser">;
  log: FastifyBaseLogger;
}

/**
 * An inactive account (an unpaid renewal, spec §4) keeps its files for `INACTIVE_GRACE_DAYS`; after that the daily
 * run deletes its rolls' scans, previews and thumbnails with their shot rows. The account, its profile, its gear and
 * its rolls stay, so a later reactivation finds everything but the files.
 */
export function createInactiveAccountsService({ users, shots, log }: InactiveAccountsDeps) {
  return {
    /** The daily run: deletes the files of accounts inactive for more than the grace days; a second run finds nothing. */
    async runDaily(now = Date.now()) {
      for (const { id, since } of await users.inactiveBefore(new Date(now - INACTIVE_GRACE_DAYS * DAY_MS))) {
        const removed = await shots.removeAllOfUser(id);
        if (removed.length) {
          const bytes = removed.reduce((sum, r) => sum + r.size, 0);
          log.info({ userId: id, inactiveSince: since, bytes, shots: removed }, `inactive account: deleted ${removed.length} shot(s)`);
        }
      }
    },
  };
}

export type InactiveAccountsService = ReturnType<typeof createInactiveAccountsService>;
