import { PROFILE_PICTURE_MAX_BYTES } from "@latent/domain/user";
import { describe, expect, it } from "vitest";
import { encodingAttempts, fitsAsIs, fitWithin } from "./resize-picture.ts";

describe("profile picture resizing", () => {
  it("fits a 3000 × 2000 phone photo into 1024 px, keeping its proportions", () => {
    expect(fitWithin({ width: 3000, height: 2000 })).toEqual({ width: 1024, height: 683 });
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 768, height: 1024 });
  });

  it("never enlarges a small picture, and keeps a very thin one at least a pixel wide", () => {
    expect(fitWithin({ width: 640, height: 480 })).toEqual({ width: 640, height: 480 });
    expect(fitWithin({ width: 20000, height: 3 })).toEqual({ width: 1024, height: 1 });
  });

  it("sends a JPEG, PNG or WebP that already keeps 512 KB and 1024 px as it is", () => {
    const size = { width: 800, height: 800 };
    expect(fitsAsIs({ type: "image/jpeg", size: 300_000 }, size)).toBe(true);
    expect(fitsAsIs({ type: "image/png", size: PROFILE_PICTURE_MAX_BYTES }, size)).toBe(true);
    expect(fitsAsIs({ type: "image/jpeg", size: PROFILE_PICTURE_MAX_BYTES + 1 }, size)).toBe(false);
    expect(fitsAsIs({ type: "image/jpeg", size: 300_000 }, { width: 1025, height: 10 })).toBe(false);
    // Other types the browser opens (GIF, AVIF, HEIC where supported) are converted.
    expect(fitsAsIs({ type: "image/gif", size: 3000 }, { width: 10, height: 10 })).toBe(false);
  });

  it("tries lower qualities at 1024 px before it makes the picture smaller", () => {
    const attempts = encodingAttempts({ width: 3000, height: 2000 });
    expect(attempts.slice(0, 4)).toEqual([0.9, 0.8, 0.7, 0.6].map((quality) => ({ width: 1024, height: 683, quality })));
    expect(attempts[4]).toEqual({ width: 768, height: 512, quality: 0.9 });
  });

  it("keeps shrinking down to 160 px, every attempt within 1024 px, and then gives up", () => {
    const attempts = encodingAttempts({ width: 4000, height: 4000 });
    for (const a of attempts) expect(Math.max(a.width, a.height)).toBeLessThanOrEqual(1024);
    const sides = attempts.map((a) => a.width);
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
    expect(attempts.at(-1)).toEqual({ width: 160, height: 160, quality: 0.6 });
    expect(encodingAttempts({ width: 100, height: 50 })).toHaveLength(4);
  });
});
