import type { PlanId } from "@latent/domain/plans";
import type { MySubscription } from "@latent/domain/purchases";

/**
 * What a plan card's button does for this user:
 * - `current`: the plan they are on (no button, a mark);
 * - `checkout`: pay for it on a checkout page (a free account taking a paid plan);
 * - `portal`: change or cancel through the payment provider's portal (a web subscriber taking another plan);
 * - `ending`: free, for a subscriber who already cancelled: the account goes back to free at the period's end, so
 *   there is nothing left to cancel (the card says when);
 * - `continue-free`: stay on free (welcome mode only);
 * - `mobile-blocked`: a subscription bought in the mobile app blocks plan changes on the web (spec §4);
 * - `none`: nothing to do (free while on a paid plan given without a subscription).
 */
export type PlanButton = "current" | "checkout" | "portal" | "ending" | "continue-free" | "mobile-blocked" | "none";

/** Statuses in which a subscription still holds the plan. */
const HOLDING = new Set<MySubscription["status"]>(["active", "past_due"]);

/** The subscription that gives the user their plan now, if any. */
export function activeSubscription(subscriptions: readonly MySubscription[]): MySubscription | null {
  return subscriptions.find((s) => HOLDING.has(s.status)) ?? null;
}

/** True when a subscription bought in the mobile app holds the plan: the web may not change it (spec §4). */
export function blockedByMobile(subscriptions: readonly MySubscription[]): boolean {
  return activeSubscription(subscriptions)?.source === "mobile";
}

export function planButton(
  planId: PlanId,
  state: { currentPlan: string; subscriptions: readonly MySubscription[]; welcome?: boolean },
): PlanButton {
  if (planId === state.currentPlan) return state.welcome && planId === "free" ? "continue-free" : "current";
  if (blockedByMobile(state.subscriptions)) return "mobile-blocked";
  const active = activeSubscription(state.subscriptions);
  if (active?.cancel_at_period_end && planId === "free") return "ending";
  if (active) return "portal";
  return planId === "free" ? "none" : "checkout";
}

/** The day a cancelled subscription stops holding the plan, or null while it renews (or says no date). */
export function endingOn(subscriptions: readonly MySubscription[]): string | null {
  const active = activeSubscription(subscriptions);
  return active?.cancel_at_period_end ? active.current_period_end : null;
}
