import { describe, expect, it } from "vitest";
import { secondsLeft } from "./resend-cooldown.ts";

describe("the resend cooldown's countdown", () => {
  it("is zero when no cooldown runs or it has ended", () => {
    expect(secondsLeft(null, 1_000)).toBe(0);
    expect(secondsLeft(5_000, 5_000)).toBe(0);
    expect(secondsLeft(5_000, 9_000)).toBe(0);
  });

  it("counts whole seconds, rounded up", () => {
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 1_001)).toBe(60);
    expect(secondsLeft(61_000, 60_500)).toBe(1);
  });
});
