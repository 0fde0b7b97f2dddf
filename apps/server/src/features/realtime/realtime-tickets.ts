import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import type { LinkGrants } from "../../platform/http/link-grants.ts";
import { deleteExpiredTickets, markTicketUsed } from "./realtime.store.ts";

const TICKET_TTL_S = 60;

/** What a redeemed ticket allows: the feed until `until` (epoch ms, or forever), while `grant` (if any) holds. */
export interface FeedPass {
  until: number | null;
  grant: string | null;
}

/**
 * Browsers cannot set headers on a WebSocket, so the feed's `?token=` is a ticket: short-lived, single-use,
 * bound to one film and signed; never the access token or a share code. Used tickets are kept in the database, so
 * a ticket redeemed on one instance is refused by every other. A ticket handed out through a share link carries
 * its grant: once the link is revoked the ticket is refused.
 */
export function createTicketIssuer(
  secret: string,
  db: Kysely<Database>,
  grants: Pick<LinkGrants, "isActive">,
  // Read through `Date` at each call (not a reference kept from start-up), so a test's controlled clock applies.
  now: () => number = () => Date.now(),
) {
  const sign = (body: string) => createHmac("sha256", secret).update(`ws\n${body}`).digest("base64url");

  return {
    /** `until` (epoch ms) closes the feed when the right to watch ends (a share link's expiry); `grant` names that right. */
    issue(filmId: string, options: { until?: number; grant?: string } = {}): { ticket: string; expires_in: number } {
      const body = [
        filmId,
        Math.floor(now() / 1000) + TICKET_TTL_S,
        options.until ?? 0,
        options.grant ?? "",
        randomBytes(12).toString("base64url"),
      ].join(".");
      return { ticket: `${body}.${sign(body)}`, expires_in: TICKET_TTL_S };
    },
    /** The feed's end and grant when the ticket is valid for that film, unused and its grant holds; null otherwise. */
    async redeem(ticket: string | undefined, filmId: string): Promise<FeedPass | null> {
      const parts = (ticket ?? "").split(".");
      if (parts.length !== 6) return null;
      const [film, exp, until, grant, nonce, sig] = parts as [string, string, string, string, string, string];
      const expected = Buffer.from(sign(`${film}.${exp}.${until}.${grant}.${nonce}`));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const nowS = now() / 1000;
      if (film !== filmId || Number(exp) < nowS) return null;
      // A ticket outlives the right it was issued under by up to its TTL: past that right's end it opens nothing.
      if (Number(until) && Number(until) <= now()) return null;
      if (grant && !(await grants.isActive(grant))) return null;
      if (!(await markTicketUsed(db, nonce, new Date(Number(exp) * 1000)))) return null;
      return { until: Number(until) || null, grant: grant || null };
    },
    /** Forgets used tickets that have expired anyway (housekeeping). */
    async prune() {
      await deleteExpiredTickets(db, new Date(now()));
    },
  };
}

export type TicketIssuer = ReturnType<typeof createTicketIssuer>;
