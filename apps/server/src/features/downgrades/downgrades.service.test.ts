import { describe, expect, it } from "vitest";
import { bytesToFree } from "./downgrades.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const since = new Date("2026-11-01T10:00:00Z");
const on = (day: number) => since.getTime() + (day - 1) * DAY_MS + 60_000;

describe("downgrade clean-up pace", () => {
  it("frees a fourteenth of what is over on the first day", () => {
    expect(bytesToFree(1_400, since, on(1))).toBe(100);
  });

  it("frees an even share of what is left each day, and all of it on the fourteenth day or later", () => {
    expect(bytesToFree(1_300, since, on(2))).toBe(100);
    expect(bytesToFree(100, since, on(14))).toBe(100);
    expect(bytesToFree(700, since, on(20))).toBe(700);
  });

  it("makes up a missed day from the date, and frees nothing once usage fits", () => {
    // Day 3 run missed: day 4 frees a 11th of what is still over, not a 12th.
    expect(bytesToFree(1_100, since, on(4))).toBe(100);
    expect(bytesToFree(0, since, on(5))).toBe(0);
  });
});
