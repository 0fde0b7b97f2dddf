import { describe, expect, it } from "vitest";
import { frameRangeText, parseFrameRange } from "./frame-range.ts";

const ROLL = Array.from({ length: 36 }, (_, i) => i + 1);

describe("frames typed as a list", () => {
  it("reads ranges and single frames, in any order and spacing, each once", () => {
    expect(parseFrameRange("1-3, 5, 7–9", ROLL)).toEqual([1, 2, 3, 5, 7, 8, 9]);
    expect(parseFrameRange("9-7,2,2", ROLL)).toEqual([2, 7, 8, 9]);
    expect(parseFrameRange("36", ROLL)).toEqual([36]);
  });

  it("refuses a frame the roll does not have, and text that is not a list", () => {
    expect(parseFrameRange("35-37", ROLL)).toBeNull();
    expect(parseFrameRange("0", ROLL)).toBeNull();
    expect(parseFrameRange("", ROLL)).toBeNull();
    expect(parseFrameRange("1,,2", ROLL)).toBeNull();
    expect(parseFrameRange("all", ROLL)).toBeNull();
    // A roll whose frames start at 0 (a frame before 1 on the strip) has its frame 0.
    expect(parseFrameRange("0-2", [0, 1, 2])).toEqual([0, 1, 2]);
  });

  it("writes frames back as short as it can", () => {
    expect(frameRangeText([1, 2, 3, 5, 7, 8, 9])).toBe("1-3, 5, 7-9");
    expect(frameRangeText(ROLL)).toBe("1-36");
    expect(frameRangeText([])).toBe("");
  });
});
