import type { EventBus } from "../realtime/event-bus.ts";
import type { Caller } from "./verify-token.ts";

/**
 * The longest a passed check is reused. Changes made by a server of this deployment reach every instance through
 * the event bus at once; this bounds what it cannot carry: a change made by another process without Redis (the
 * operator's command line beside a single server), or a grant or account row changed behind the services' back.
 */
export const CALLER_CHECKS_TTL_MS = 2_000;
/** The bus topic of account changes: never a roll's id, so no client feed ever carries it. */
export const ACCOUNTS_TOPIC = "accounts";
const LIMIT = 10_000;

/** Where the owners of accounts and grants say that something the per-request checks read has changed. */
export interface AccountChanges {
  /** The account's state changed (blocked, deleted, password, email confirmation, sessions ended). */
  account(sub: string): void;
  /** These grants (signed-in sessions) ended. */
  grants(grantIds: string[]): void;
}

export interface CallerChecks extends AccountChanges {
  /** The caller of this token whose checks passed less than the TTL ago, with nothing about it changed since. */
  recent(token: string): Caller | undefined;
  /** Call before checking; `keep` then remembers the result, unless something changed while it was checked. */
  begin(): { keep(token: string, caller: Caller): void };
  close(): void;
}

/**
 * A per-process memo of the per-request account checks (the token's grant and account state, the user's standing):
 * they were half the queries of a roll page. Only passed checks are kept; any change to an account or grant drops
 * its entries on every instance (through the bus, Redis when configured), and nothing is kept longer than the TTL.
 */
export function createCallerChecks(bus: EventBus, now: () => number = Date.now): CallerChecks {
  const entries = new Map<string, { caller: Caller; until: number }>();
  // Bumped by every change: a check that began before it may have read what the change replaced.
  let generation = 0;

  const drop = (sub: string | undefined, grants: string[] | undefined) => {
    generation++;
    const ended = new Set(grants ?? []);
    for (const [token, { caller }] of entries) {
      if (caller.sub === sub || (caller.grantId !== null && ended.has(caller.grantId))) entries.delete(token);
    }
  };
  const off = bus.subscribe(ACCOUNTS_TOPIC, (event) => {
    if (event.type === "account-changed") drop(event.sub, event.grants);
  });
  // Dropped here at once, then on every instance (this one again, harmlessly, when the bus goes through Redis).
  const announce = (sub: string | undefined, grants: string[] | undefined) => {
    drop(sub, grants);
    bus.publish(ACCOUNTS_TOPIC, { type: "account-changed", film_id: ACCOUNTS_TOPIC, sub, grants });
  };

  return {
    recent(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      const at = now();
      if (entry.until > at && entry.caller.expiresAt * 1000 > at) return entry.caller;
      entries.delete(token);
      return undefined;
    },
    begin() {
      const started = generation;
      return {
        keep(token, caller) {
          if (generation !== started) return;
          if (entries.size >= LIMIT) entries.clear();
          entries.set(token, { caller, until: now() + CALLER_CHECKS_TTL_MS });
        },
      };
    },
    account: (sub) => announce(sub, undefined),
    grants(grantIds) {
      if (grantIds.length) announce(undefined, grantIds);
    },
    close() {
      off();
      entries.clear();
    },
  };
}
