import { describe, expect, it } from "vitest";
import { normalizeShortId, shortIdCheck, shortIdFromBytes } from "./stickers.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("a sticker's short id", () => {
  it("is nine base32 characters in three groups, the last a check character", () => {
    const id = shortIdFromBytes(bytes(1, 2, 3, 4, 5, 6, 7, 8));
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}-[0-9A-HJKMNP-TV-Z]{3}$/);
    expect(id.replaceAll("-", "").slice(8)).toBe(shortIdCheck(id.replaceAll("-", "").slice(0, 8)));
  });

  it("reads back however it was typed: case, spaces, dashes, O for 0 and I or L for 1", () => {
    const id = shortIdFromBytes(bytes(0, 1, 10, 20, 30, 31, 0, 1));
    expect(normalizeShortId(id)).toBe(id);
    expect(normalizeShortId(` ${id.toLowerCase().replaceAll("-", " ")} `)).toBe(id);
    expect(normalizeShortId(id.replaceAll("0", "o").replaceAll("1", "l"))).toBe(id);
  });

  it("refuses every single mistyped character and a swap of two neighbours", () => {
    const id = shortIdFromBytes(bytes(9, 18, 27, 4, 13, 22, 31, 8)).replaceAll("-", "");
    const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    for (let i = 0; i < id.length; i++) {
      for (const c of alphabet) {
        if (c === id[i]) continue;
        expect(normalizeShortId(id.slice(0, i) + c + id.slice(i + 1))).toBeNull();
      }
    }
    for (let i = 0; i < id.length - 1; i++) {
      if (id[i] === id[i + 1]) continue;
      const swapped = id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
      // Luhn mod 32 misses only swaps of digits whose values differ by 31; none here.
      expect(normalizeShortId(swapped)).toBeNull();
    }
  });

  it("is not a short id when it is too short, too long or holds a letter outside the alphabet", () => {
    expect(normalizeShortId("ABC-DEF")).toBeNull();
    expect(normalizeShortId("ABC-DEF-GHJK")).toBeNull();
    expect(normalizeShortId("ABC-DEF-GHU")).toBeNull();
    expect(normalizeShortId("")).toBeNull();
  });
});
