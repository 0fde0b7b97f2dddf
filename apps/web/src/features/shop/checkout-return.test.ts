import { describe, expect, it } from "vitest";
import { checkoutReturnOf, PENDING_CHECKOUT_MAX_AGE_MS, POLL_ATTEMPTS, pollStep } from "./checkout-return.ts";

describe("coming back from a checkout", () => {
  const now = Date.parse("2026-11-23T14:00:00Z");
  const none = new URLSearchParams("");

  it("reads the session under the spec's name or the provider's", () => {
    expect(checkoutReturnOf(new URLSearchParams("sessionId=cs_1"), now, now)).toEqual({ sessionId: "cs_1", cancelled: false });
    expect(checkoutReturnOf(new URLSearchParams("session_id=cs_2"), null, now)).toEqual({ sessionId: "cs_2", cancelled: false });
  });

  it("takes a return without a session, from a checkout started here, as cancelled or declined", () => {
    expect(checkoutReturnOf(none, now - 60_000, now)).toEqual({ sessionId: null, cancelled: true });
    expect(checkoutReturnOf(new URLSearchParams("canceled=1"), null, now)).toEqual({ sessionId: null, cancelled: true });
  });

  it("says nothing on an ordinary visit, nor about a checkout abandoned hours ago", () => {
    expect(checkoutReturnOf(none, null, now)).toBeNull();
    expect(checkoutReturnOf(none, now - PENDING_CHECKOUT_MAX_AGE_MS, now)).toBeNull();
  });
});

describe("polling GET user/ after a checkout", () => {
  it("stops as soon as the plan is the one bought", () => {
    expect(pollStep({ attempt: 1, plan: "artist", target: "artist", before: "free" })).toBe("confirmed");
    expect(pollStep({ attempt: 1, plan: "free", target: "artist", before: "free" })).toBe("wait");
  });

  it("without knowing the plan bought, stops once the plan changed", () => {
    expect(pollStep({ attempt: 3, plan: "unlimited", target: null, before: "free" })).toBe("confirmed");
    expect(pollStep({ attempt: 3, plan: "free", target: null, before: "free" })).toBe("wait");
  });

  it("gives up after the tenth answer without the change", () => {
    expect(POLL_ATTEMPTS).toBe(10);
    expect(pollStep({ attempt: 9, plan: "free", target: "artist", before: "free" })).toBe("wait");
    expect(pollStep({ attempt: 10, plan: "free", target: "artist", before: "free" })).toBe("give-up");
  });
});
