import { ApiError } from "../../shared/api/api-error.ts";
import type { ClaimedOrder } from "./api/claim-order.ts";

export interface ClaimCardInput {
  /** Whether someone is signed in; null while the session is being checked. */
  signedIn: boolean | null;
  /** The order says its rolls were already added to the customer's account. */
  claimed: boolean;
  /** This page's attempt to add them. */
  claim: { isPending: boolean; data?: ClaimedOrder | undefined; error?: unknown };
}

/** What the "Add to my account" card shows. */
export type ClaimCardState =
  | { kind: "checking" }
  | { kind: "anonymous" }
  | { kind: "ready" }
  | { kind: "adding" }
  | { kind: "added"; films: ClaimedOrder["films"] }
  | { kind: "already-added"; signedIn: boolean }
  | { kind: "failed"; error: unknown };

/**
 * The card's one decision. The rolls just added win over everything (the order is fetched again afterwards and
 * then says `claimed`, which must not hide the links to them); an order added before, here or elsewhere, says so
 * whoever looks, since nothing is left to do.
 */
export function claimCardState({ signedIn, claimed, claim }: ClaimCardInput): ClaimCardState {
  if (claim.data) return { kind: "added", films: claim.data.films };
  const alreadyAdded = claim.error instanceof ApiError && claim.error.code === "order-already-added";
  if (claimed || alreadyAdded) return { kind: "already-added", signedIn: signedIn === true };
  if (signedIn === null) return { kind: "checking" };
  if (!signedIn) return { kind: "anonymous" };
  if (claim.isPending) return { kind: "adding" };
  if (claim.error) return { kind: "failed", error: claim.error };
  return { kind: "ready" };
}
