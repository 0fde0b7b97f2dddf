import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

describe("password hashing", () => {
  it("verifies the right password and refuses another, with a fresh salt each time", async () => {
    const a = await hashPassword("Tri-X 400 pushed");
    const b = await hashPassword("Tri-X 400 pushed");
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("Tri-X 400 pushed", a)).toBe(true);
    expect(await verifyPassword("Tri-X 400", a)).toBe(false);
    expect(await verifyPassword("anything", "garbage")).toBe(false);
  });
});
