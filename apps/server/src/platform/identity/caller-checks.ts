import type { CacheGeneration } from "../db/cache-generations.ts";
import type { Caller } from "./verify-token.ts";

/**
 * The longest a passed check is reused. A change through any instance makes kept checks stale for every instance
 * before it is acknowledged (the checks' counter, decision 0021); this bounds only rows changed behind the server's
 * back (by hand in SQL), which no counter sees.
 */
export const CALLER_CHECKS_TTL_MS = 2_000;
const LIMIT = 10_000;

/**
 * What the per-request checks read: the token's account and grant (identity), the user's standing (users), a lab's
 * API key (lab-api-keys: a revocation makes kept checks stale at once; a key's use is written once a minute at most).
 */
export const CALLER_CHECKS_TABLES = ["accounts", "oidc_payloads", "users", "deleted_subjects", "lab_api_keys"] as const;

/** Where the owners of accounts and grants say that something the per-request checks read has changed. */
export interface AccountChanges {
  /** The account's state changed (blocked, deleted, password, email confirmation, sessions ended). */
  account(sub: string): void;
  /** These grants (signed-in sessions) ended. */
  grants(grantIds: string[]): void;
}

export interface CallerChecks extends AccountChanges {
  /** The checks' counter as this request finds it: read once, before anything is checked. */
  at(request: object): Promise<string>;
  /** The caller of this token whose checks passed, kept at `at` (so nothing they read has changed since) and within the TTL. */
  recent(token: string, at: string): Caller | undefined;
  /** Keeps a passed check, read after the counter had the value `at`. */
  keep(token: string, caller: Caller, at: string): void;
  close(): void;
}

/**
 * A per-process memo of the per-request account checks (the token's grant and account state, the user's standing):
 * they were half the queries of a roll page. Only passed checks are kept, each with the counter of the rows the checks
 * read (`generation`: bumped after every write to them, on any instance), and taken again only while the counter
 * still has that value, for at most the TTL. A request whose token is kept costs one read of the counter (shared with
 * the reply cache's) instead of the checks' queries.
 */
export function createCallerChecks(generation: CacheGeneration): CallerChecks {
  const entries = new Map<string, { caller: Caller; at: string; until: number }>();

  return {
    at: (request) => generation.at(request),
    recent(token, at) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      // The token's own expiry is real time, whatever clock the cache's bound runs on.
      if (entry.at === at && entry.until > generation.clock() && entry.caller.expiresAt * 1000 > Date.now()) return entry.caller;
      entries.delete(token);
      return undefined;
    },
    keep(token, caller, at) {
      if (entries.size >= LIMIT) entries.clear();
      entries.set(token, { caller, at, until: generation.clock() + CALLER_CHECKS_TTL_MS });
    },
    // The counter already makes these entries stale everywhere; dropped here at once, they free their memory sooner.
    account(sub) {
      for (const [token, { caller }] of entries) if (caller.sub === sub) entries.delete(token);
    },
    grants(grantIds) {
      const ended = new Set(grantIds);
      for (const [token, { caller }] of entries) if (caller.grantId !== null && ended.has(caller.grantId)) entries.delete(token);
    },
    close() {
      entries.clear();
    },
  };
}
