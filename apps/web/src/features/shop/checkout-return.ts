/** GET user/ is asked again up to 10 times, 3 s apart, after a checkout (spec §7). */
export const POLL_ATTEMPTS = 10;
export const POLL_INTERVAL_MS = 3000;

/** What the page was opened with after a checkout: its session, or that the buyer cancelled it. */
export type CheckoutReturn = { sessionId: string | null; cancelled: boolean };

/** A checkout remembered longer ago than this was abandoned, not just left: a later visit says nothing about it. */
export const PENDING_CHECKOUT_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Reads the return from a checkout: `?sessionId=` (spec §2, what the server's success address carries) or
 * `?session_id=` (the provider's own name). The cancel address carries nothing, so coming back without a session
 * while a checkout started from this browser (`pendingSince`, ms) in the last hour means it was cancelled, or the
 * card declined and the buyer left. Null: an ordinary visit.
 */
export function checkoutReturnOf(search: URLSearchParams, pendingSince: number | null, now: number): CheckoutReturn | null {
  const sessionId = search.get("sessionId") || search.get("session_id") || null;
  if (sessionId) return { sessionId, cancelled: false };
  const pending = pendingSince !== null && now - pendingSince >= 0 && now - pendingSince < PENDING_CHECKOUT_MAX_AGE_MS;
  return pending || search.has("canceled") ? { sessionId: null, cancelled: true } : null;
}

export type PollStep = "confirmed" | "wait" | "give-up";

/**
 * After the `attempt`-th GET user/ (1-based): confirmed once the plan is the one bought (or, not knowing it, any
 * plan other than the one before the checkout); otherwise wait 3 s and ask again, until the tenth answer.
 */
export function pollStep({
  attempt,
  plan,
  target,
  before,
}: {
  attempt: number;
  plan: string;
  target: string | null;
  before: string | null;
}): PollStep {
  if (target ? plan === target : before !== null && plan !== before) return "confirmed";
  return attempt >= POLL_ATTEMPTS ? "give-up" : "wait";
}
