import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32Of, crc32OfRest } from "./crc32-combine.ts";

describe("CRC-32 of joined and trimmed files from known checksums", () => {
  it("gives the CRC of A followed by B for lengths from 0 to a few MB", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [7, 13],
      [4096, 1],
      [300_000, 2_500_001],
    ] as const) {
      const A = randomBytes(a);
      const B = randomBytes(b);
      expect(crc32Combine(crc32Of(A), crc32Of(B), b)).toBe(crc32Of(Buffer.concat([A, B])));
    }
  });

  it("gives the CRC of what follows a prefix, as the zip of a file with a new header needs", () => {
    const whole = randomBytes(1_000_003);
    for (const cut of [0, 1, 2, 65_536, 999_999, 1_000_003]) {
      expect(crc32OfRest(crc32Of(whole), whole.length, crc32Of(whole.subarray(0, cut)), cut)).toBe(crc32Of(whole.subarray(cut)));
    }
  });

  it("moves a CRC past more than 4 GB of bytes the same way as in steps below 4 GB", () => {
    // 5 GB cannot be hashed here; moving past n bytes in one step must equal moving past them in two.
    const crc = crc32Of(randomBytes(64));
    const big = 5 * 2 ** 30 + 17;
    const viaOne = crc32Combine(crc, 0, big);
    const viaTwo = crc32Combine(crc32Combine(crc, 0, 2 ** 31 + 9), 0, big - (2 ** 31 + 9));
    expect(viaOne).toBe(viaTwo);
    expect(viaOne).not.toBe(crc);
  });
});
