import type { BetaBody, BetaRegistered, BetaStatus } from "@latent/domain/contact";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../platform/db/db-errors.ts";
import type { Database } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import {
  countBetaRegistrations,
  deleteBetaRegistrationOf,
  findBetaRegistration,
  insertBetaRegistration,
  lockBetaRegistrations,
} from "./beta.store.ts";

export interface BetaDeps {
  db: Kysely<Database>;
  /** The clock; tests pass their own. */
  now: () => Date;
  /** BETA_CAPACITY: how many testers are accepted. */
  capacity: number;
  /** BETA_DEADLINE: the last day of registration (ISO date). */
  lastDay: string;
  /** The end of BETA_DEADLINE's day, UTC. */
  closesAt: Date;
}

const closed = () => new AppError("beta-closed");

/** The open-beta sign-up: the first `capacity` distinct emails until the deadline (spec §1, §9). */
export function createBetaService(deps: BetaDeps) {
  const { db, now, capacity, lastDay, closesAt } = deps;
  return {
    /** Forgets the registration of this address (its owner deleted their account); answers how many rows went. */
    forget(email: string) {
      return deleteBetaRegistrationOf(db, email);
    },

    /** Whether registration is open now: before the deadline and with a place left (the same rules as `register`). */
    async status(): Promise<BetaStatus> {
      const full = (await countBetaRegistrations(db)) >= capacity;
      return { open: now() < closesAt && !full, full, last_day: lastDay, closes_at: closesAt.toISOString(), capacity };
    },

    /** Registers a tester and answers their place in line; 410 when closed or full, 409 for a known email (any case). */
    async register(body: BetaBody): Promise<BetaRegistered> {
      if (now() >= closesAt) throw closed();
      try {
        return await db.transaction().execute(async (tx) => {
          await lockBetaRegistrations(tx);
          if (await findBetaRegistration(tx, body.email)) throw new AppError("email-already-registered");
          const count = await countBetaRegistrations(tx);
          if (count >= capacity) throw closed();
          return insertBetaRegistration(tx, body, count + 1);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("email-already-registered");
        throw err;
      }
    },
  };
}

export type BetaService = ReturnType<typeof createBetaService>;
