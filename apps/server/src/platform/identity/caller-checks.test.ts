import { describe, expect, it } from "vitest";
import { createLocalEventBus } from "../realtime/event-bus.ts";
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

describe("caller checks memo", () => {
  it("takes a passed check again until the TTL, then reads it again", () => {
    let now = 1_000;
    const checks = createCallerChecks(createLocalEventBus(), () => now);
    checks.begin().keep("t1", caller("ann", "g1"));
    expect(checks.recent("t1")?.sub).toBe("ann");
    now += CALLER_CHECKS_TTL_MS;
    expect(checks.recent("t1")).toBeUndefined();
  });

  it("drops an account's tokens and an ended grant's token on every instance sharing the bus", () => {
    const bus = createLocalEventBus();
    const here = createCallerChecks(bus);
    const there = createCallerChecks(bus);
    for (const c of [here, there]) {
      c.begin().keep("ann-web", caller("ann", "g1"));
      c.begin().keep("ann-lightroom", caller("ann", "g2"));
      c.begin().keep("bob", caller("bob", "g3"));
    }
    here.grants(["g2"]);
    expect(there.recent("ann-lightroom")).toBeUndefined();
    expect(there.recent("ann-web")?.sub).toBe("ann");
    there.account("ann");
    expect(here.recent("ann-web")).toBeUndefined();
    expect(here.recent("bob")?.sub).toBe("bob");
  });

  it("does not keep a check that was under way when the account changed (it may have read the old state)", () => {
    const checks = createCallerChecks(createLocalEventBus());
    const check = checks.begin();
    checks.account("ann");
    check.keep("t1", caller("ann", null));
    expect(checks.recent("t1")).toBeUndefined();
  });

  it("never takes a token past its expiry", () => {
    const checks = createCallerChecks(createLocalEventBus());
    checks.begin().keep("t1", { ...caller("ann", null), expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect(checks.recent("t1")).toBeUndefined();
  });
});
