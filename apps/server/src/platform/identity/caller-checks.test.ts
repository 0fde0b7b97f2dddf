import { describe, expect, it } from "vitest";
import { CALLER_CHECKS_TTL_MS, createCallerChecks } from "./caller-checks.ts";
import type { Caller } from "./verify-token.ts";

const caller = (sub: string, grantId: string | null): Caller => ({
  sub,
  email: null,
  name: null,
  locale: null,
  role: "user",
  scopes: new Set(),
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
  emailVerified: true,
  grantId,
});

/** The database's counter of what the checks read, played by the test. */
const generation = (value = "1", clock = () => 1_000) => ({ at: async () => value, clock });

describe("caller checks memo", () => {
  it("takes a passed check again while the counter holds, until the TTL, then reads it again", () => {
    let now = 1_000;
    const checks = createCallerChecks(generation("7", () => now));
    checks.keep("t1", caller("ann", "g1"), "7");
    expect(checks.recent("t1", "7")?.sub).toBe("ann");
    now += CALLER_CHECKS_TTL_MS - 1;
    expect(checks.recent("t1", "7")?.sub).toBe("ann");
    now += 1;
    expect(checks.recent("t1", "7")).toBeUndefined();
  });

  it("refuses a kept check once the counter moved on (what it read changed, on some instance), for good", () => {
    const checks = createCallerChecks(generation());
    checks.keep("t1", caller("ann", "g1"), "7");
    expect(checks.recent("t1", "8")).toBeUndefined();
    expect(checks.recent("t1", "7")).toBeUndefined();
  });

  it("reads the counter through the database's generation", async () => {
    expect(await createCallerChecks(generation("42")).at({})).toBe("42");
  });

  it("drops an account's tokens and an ended grant's token at once when told", () => {
    const checks = createCallerChecks(generation());
    checks.keep("ann-web", caller("ann", "g1"), "1");
    checks.keep("ann-lightroom", caller("ann", "g2"), "1");
    checks.keep("bob", caller("bob", "g3"), "1");
    checks.grants(["g2"]);
    expect(checks.recent("ann-lightroom", "1")).toBeUndefined();
    expect(checks.recent("ann-web", "1")?.sub).toBe("ann");
    checks.account("ann");
    expect(checks.recent("ann-web", "1")).toBeUndefined();
    expect(checks.recent("bob", "1")?.sub).toBe("bob");
  });

  it("never takes a token past its expiry", () => {
    const checks = createCallerChecks(generation());
    checks.keep("t1", { ...caller("ann", null), expiresAt: Math.floor(Date.now() / 1000) - 1 }, "1");
    expect(checks.recent("t1", "1")).toBeUndefined();
  });
});
