import { describe, expect, it } from "vitest";
import { newSecretToken, secretTokenHash } from "./secret-token.ts";

describe("secret tokens", () => {
  it("are 256 random bits in URL-safe text, different each time", () => {
    const tokens = Array.from({ length: 50 }, () => newSecretToken().token);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("are stored as their SHA-256 in hex, the same hash a later lookup computes", () => {
    expect(secretTokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const { token, hash } = newSecretToken();
    expect(hash).toBe(secretTokenHash(token));
    expect(hash).not.toContain(token);
  });
});
