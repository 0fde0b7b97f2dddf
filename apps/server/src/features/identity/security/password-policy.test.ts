import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy.ts";

describe("the password rule", () => {
  it("refuses a password shorter than ten characters whatever it holds", () => {
    expect(passwordProblem("Tr1-X!400")).toBe("password-too-short");
  });

  it("refuses a long password found in the list of common ones, ignoring case", () => {
    expect(passwordProblem("qwertyuiop")).toBe("password-too-common");
    expect(passwordProblem("Password123")).toBe("password-too-common");
  });

  it("refuses a common password written with accents as it refuses it without", () => {
    expect(passwordProblem("contrasena")).toBe("password-too-common");
    expect(passwordProblem("contraseña")).toBe("password-too-common");
    expect(passwordProblem("CONTRASEÑA")).toBe("password-too-common");
    expect(passwordProblem("mötdepässe")).toBe("password-too-common");
  });

  it("accepts a long uncommon passphrase with no composition rules", () => {
    expect(passwordProblem("correct horse battery")).toBeNull();
    expect(passwordProblem("tri-x pushed to 1600")).toBeNull();
  });
});
