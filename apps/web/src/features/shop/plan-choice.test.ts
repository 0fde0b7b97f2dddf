import type { MySubscription } from "@latent/domain/purchases";
import { describe, expect, it } from "vitest";
import { activeSubscription, blockedByMobile, endingOn, planButton } from "./plan-choice.ts";

const subscription = (over: Partial<MySubscription> = {}): MySubscription => ({
  id: "sub_1",
  plan: "artist",
  status: "active",
  current_period_end: "2026-12-23T00:00:00.000Z",
  cancel_at_period_end: false,
  source: "web",
  currency: "eur",
  amount: 499,
  ...over,
});

describe("which button each plan card shows", () => {
  it("sends a free user to the checkout for a paid plan and marks free as current", () => {
    const state = { currentPlan: "free", subscriptions: [] };
    expect(planButton("free", state)).toBe("current");
    expect(planButton("artist", state)).toBe("checkout");
    expect(planButton("unlimited", state)).toBe("checkout");
  });

  it("offers 'Continue with Free' in welcome mode", () => {
    expect(planButton("free", { currentPlan: "free", subscriptions: [], welcome: true })).toBe("continue-free");
  });

  it("sends a web subscriber to the portal for any other plan", () => {
    const state = { currentPlan: "artist", subscriptions: [subscription()] };
    expect(planButton("artist", state)).toBe("current");
    expect(planButton("unlimited", state)).toBe("portal");
    expect(planButton("free", state)).toBe("portal");
  });

  it("offers no second cancel once the subscription is cancelled, and says the day it ends", () => {
    const cancelled = [subscription({ cancel_at_period_end: true })];
    const state = { currentPlan: "artist", subscriptions: cancelled };
    expect(planButton("free", state)).toBe("ending");
    expect(planButton("artist", state)).toBe("current");
    // Another paid plan is still reached through the portal, where the cancellation can be undone.
    expect(planButton("unlimited", state)).toBe("portal");
    expect(endingOn(cancelled)).toBe("2026-12-23T00:00:00.000Z");
    expect(endingOn([subscription()])).toBeNull();
    expect(endingOn([])).toBeNull();
  });

  it("blocks every change while a subscription bought in the mobile app holds the plan", () => {
    const state = { currentPlan: "artist", subscriptions: [subscription({ source: "mobile" })] };
    expect(blockedByMobile(state.subscriptions)).toBe(true);
    expect(planButton("unlimited", state)).toBe("mobile-blocked");
    expect(planButton("free", state)).toBe("mobile-blocked");
    expect(planButton("artist", state)).toBe("current");
  });

  it("ignores cancelled subscriptions, mobile ones included", () => {
    const subscriptions = [subscription({ status: "canceled", source: "mobile" })];
    expect(activeSubscription(subscriptions)).toBeNull();
    expect(planButton("artist", { currentPlan: "free", subscriptions })).toBe("checkout");
  });
});
