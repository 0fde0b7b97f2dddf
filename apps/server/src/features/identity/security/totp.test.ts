import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, matchTotp, otpauthUrl, timeStep, totpCode } from "./totp.ts";

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890": the 8-digit codes' last six digits.
const SEED = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP codes", () => {
  it("match the RFC 6238 test vectors", () => {
    expect(totpCode(SEED, timeStep(59_000), 8)).toBe("94287082");
    expect(totpCode(SEED, timeStep(1_111_111_109_000), 8)).toBe("07081804");
    expect(totpCode(SEED, timeStep(20_000_000_000_000), 8)).toBe("65353130");
    expect(totpCode(SEED, timeStep(59_000))).toBe("287082");
  });

  it("round-trip secrets through base32", () => {
    expect(base32Decode(SEED).toString()).toBe("12345678901234567890");
  });

  it("accept a code of the previous step for clock drift, but never a step already used", () => {
    const now = 1_700_000_000_000;
    const previous = totpCode(SEED, timeStep(now) - 1);
    expect(matchTotp(SEED, previous, now, null)).toBe(timeStep(now) - 1);
    expect(matchTotp(SEED, previous, now, timeStep(now) - 1)).toBeNull();
    expect(matchTotp(SEED, "000000x", now, null)).toBeNull();
  });

  it("accept a code one step either side of now and refuse two steps away, or a 90-second-old code", () => {
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    expect(matchTotp(SEED, totpCode(SEED, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(SEED, totpCode(SEED, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(SEED, totpCode(SEED, step + 2), now, null)).toBeNull();
    expect(matchTotp(SEED, totpCode(SEED, step - 2), now, null)).toBeNull();
    expect(matchTotp(SEED, totpCode(SEED, timeStep(now - 90_000)), now, null)).toBeNull();
  });

  it("name the issuer and the account in the otpauth URL", () => {
    expect(otpauthUrl("ABC", "ana@example.com")).toBe(
      "otpauth://totp/Latent:ana@example.com?secret=ABC&issuer=Latent&algorithm=SHA1&digits=6&period=30",
    );
  });
});
