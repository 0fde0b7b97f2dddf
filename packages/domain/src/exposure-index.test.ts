import { describe, expect, it } from "vitest";
import { exposureIndex } from "./exposure-index.ts";

describe("exposure index", () => {
  it("doubles the speed for each stop pushed and halves it for each stop pulled", () => {
    expect(exposureIndex(400, 1)).toBe(800);
    expect(exposureIndex(400, -1)).toBe(200);
    expect(exposureIndex(400, 2)).toBe(1600);
    expect(exposureIndex(3200, -3)).toBe(400);
  });

  it("keeps box speed when the roll is neither pushed nor pulled, even off the dial's scale", () => {
    expect(exposureIndex(400, 0)).toBe(400);
    expect(exposureIndex(37, 0)).toBe(37);
  });

  it("says the speed a camera dial shows when the exact product falls between its marks", () => {
    expect(exposureIndex(640, 1)).toBe(1250);
    expect(exposureIndex(100, -3)).toBe(12);
    expect(exposureIndex(64, 2)).toBe(250);
    expect(exposureIndex(12, 1)).toBe(25);
    expect(exposureIndex(6, -1)).toBe(3);
    expect(exposureIndex(3200, 2)).toBe(12800);
    expect(exposureIndex(7, -1)).toBe(4);
  });

  it("keeps the product, to two digits, beyond the ends of the scale", () => {
    expect(exposureIndex(1, -2)).toBe(0.25);
    expect(exposureIndex(102400, 1)).toBe(200000);
  });
});
