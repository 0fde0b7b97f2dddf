import { describe, expect, it } from "vitest";
import { ApiError } from "../../shared/api/api-error.ts";
import { type ClaimCardInput, claimCardState } from "./claim-card-state.ts";

const input = (overrides: Partial<ClaimCardInput> = {}): ClaimCardInput => ({
  signedIn: true,
  claimed: false,
  claim: { isPending: false },
  ...overrides,
});

describe("the order's Add to my account card", () => {
  it("waits while the session is being checked", () => {
    expect(claimCardState(input({ signedIn: null }))).toEqual({ kind: "checking" });
  });

  it("offers a visitor to sign in or create an account", () => {
    expect(claimCardState(input({ signedIn: false }))).toEqual({ kind: "anonymous" });
  });

  it("offers a signed-in photographer to add the rolls, then shows the adding", () => {
    expect(claimCardState(input())).toEqual({ kind: "ready" });
    expect(claimCardState(input({ claim: { isPending: true } }))).toEqual({ kind: "adding" });
  });

  it("lists the rolls just added, even once the order says it was claimed", () => {
    const films = [{ id: "f1", name: "Summer" }];
    expect(claimCardState(input({ claimed: true, claim: { isPending: false, data: { films } } }))).toEqual({ kind: "added", films });
  });

  it("says the rolls were already added, to anyone, when the order was claimed before", () => {
    expect(claimCardState(input({ claimed: true }))).toEqual({ kind: "already-added", signedIn: true });
    expect(claimCardState(input({ claimed: true, signedIn: false }))).toEqual({ kind: "already-added", signedIn: false });
  });

  it("reads a 409 order-already-added as already added, not as a failure", () => {
    const error = new ApiError(409, "order-already-added", "These rolls are already in your account");
    expect(claimCardState(input({ claim: { isPending: false, error } }))).toEqual({ kind: "already-added", signedIn: true });
  });

  it("keeps other refusals (another email, plan limits) as failures to explain", () => {
    const error = new ApiError(403, "order-not-yours", "This order was made for another email address");
    expect(claimCardState(input({ claim: { isPending: false, error } }))).toEqual({ kind: "failed", error });
  });
});
