import { describe, expect, it } from "vitest";
import { groupSecret } from "./group-secret.ts";

describe("the two-factor secret for manual entry", () => {
  it("is shown in groups of four characters", () => {
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });

  it("keeps a shorter last group", () => {
    expect(groupSecret("JBSWY3DPEH")).toBe("JBSW Y3DP EH");
  });

  it("ignores spaces already in the secret and reads it in capitals", () => {
    expect(groupSecret(" jbsw y3dp eh ")).toBe("JBSW Y3DP EH");
  });

  it("is empty for an empty secret", () => {
    expect(groupSecret("")).toBe("");
  });
});
