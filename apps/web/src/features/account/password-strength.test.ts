import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-strength.ts";

describe("the password strength meter", () => {
  it("reads a password shorter than ten characters as too short, whatever it mixes", () => {
    expect(passwordStrength("Ab1!Ab1!x")).toBe(0);
    expect(passwordStrength("")).toBe(0);
  });

  it("reads ten plain letters as weak", () => {
    expect(passwordStrength("abcdefghij")).toBe(1);
  });

  it("rises with length", () => {
    expect(passwordStrength("abcdefghijklmn")).toBe(2);
    expect(passwordStrength("abcdefghijklmnopqrst")).toBe(3);
  });

  it("rises with a mix of three kinds of characters", () => {
    expect(passwordStrength("abcdefgh1!")).toBe(2);
    expect(passwordStrength("correct horse battery 9")).toBe(4);
  });

  it("stays weak for a long run of the same few characters", () => {
    expect(passwordStrength("aaaaaaaaaaaaaaaaaaaaaaaa")).toBe(1);
    expect(passwordStrength("abababababababababab1!")).toBe(1);
  });
});
