import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const TICKET_TTL_S = 60;

/**
 * Browsers cannot set headers on a WebSocket, so the feed's `?token=` is a ticket: short-lived, single-use,
 * bound to one film and signed; never the access token or a share code.
 */
export function createTicketIssuer(secret: string, now: () => number = Date.now) {
  const used = new Map<string, number>();
  const sign = (body: string) => createHmac("sha256", secret).update(`ws\n${body}`).digest("base64url");

  return {
    /** `until` (epoch ms) closes the feed when the right to watch ends (a share link's expiry). */
    issue(filmId: string, until?: number): { ticket: string; expires_in: number } {
      const body = [filmId, Math.floor(now() / 1000) + TICKET_TTL_S, until ?? 0, randomBytes(12).toString("base64url")].join(".");
      return { ticket: `${body}.${sign(body)}`, expires_in: TICKET_TTL_S };
    },
    /** The film and the feed's end when the ticket is valid for that film and unused; null otherwise. */
    redeem(ticket: string | undefined, filmId: string): { until: number | null } | null {
      const parts = (ticket ?? "").split(".");
      if (parts.length !== 5) return null;
      const [film, exp, until, nonce, sig] = parts as [string, string, string, string, string];
      const expected = Buffer.from(sign(`${film}.${exp}.${until}.${nonce}`));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const nowS = now() / 1000;
      if (film !== filmId || Number(exp) < nowS || used.has(nonce)) return null;
      for (const [n, e] of used) if (e < nowS) used.delete(n);
      used.set(nonce, Number(exp));
      return { until: Number(until) || null };
    },
  };
}

export type TicketIssuer = ReturnType<typeof createTicketIssuer>;
