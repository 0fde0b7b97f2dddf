import { describe, expect, it } from "vitest";
import { discountedMinor, hasRoomFor, limitOf, PLAN_IDS, PLANS, planOf } from "./plans.ts";

describe("plans", () => {
  it("holds the spec's limits: free 3 rolls and 1 gear, artist 60 and 3, unlimited without limits", () => {
    expect([PLANS.free.maxFilms, PLANS.free.maxGear]).toEqual([3, 1]);
    expect([PLANS.artist.maxFilms, PLANS.artist.maxGear]).toEqual([60, 3]);
    expect([PLANS.unlimited.maxFilms, PLANS.unlimited.maxGear]).toEqual([null, null]);
  });
  it("refuses the item that would pass the limit, never on unlimited", () => {
    expect(hasRoomFor(0, 1)).toBe(true);
    expect(hasRoomFor(1, 1)).toBe(false);
    expect(hasRoomFor(10_000, null)).toBe(true);
  });
  it("counts several items at once against the limit (a scan's bytes against the storage quota)", () => {
    expect(hasRoomFor(30, 36, 6)).toBe(true);
    expect(hasRoomFor(30, 36, 7)).toBe(false);
    expect(limitOf("artist", "storage")).toBe(PLANS.artist.maxStorageBytes);
    expect(limitOf("unlimited", "kept")).toBeNull();
  });
  it("charges in whole cents exactly the monthly prices the pricing page shows", () => {
    for (const id of PLAN_IDS) {
      for (const currency of ["eur", "usd"] as const) {
        expect(Number.isInteger(PLANS[id].monthlyMinor[currency])).toBe(true);
        expect(PLANS[id].monthlyMinor[currency]).toBe(Math.round(PLANS[id].monthly[currency] * 100));
      }
    }
  });
  it("takes a percentage off an amount in whole cents, rounding half a cent up", () => {
    expect(discountedMinor(499, 20)).toBe(399);
    expect(discountedMinor(549, 20)).toBe(439);
    expect(discountedMinor(1099, 20)).toBe(879);
    expect(discountedMinor(0, 20)).toBe(0);
  });
  it("treats an unknown or missing plan as free", () => {
    expect(planOf("platinum").id).toBe("free");
    expect(planOf(null).id).toBe("free");
  });
});
