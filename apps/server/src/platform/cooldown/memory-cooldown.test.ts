import { describe, expect, it } from "vitest";
import { createMemoryCooldown } from "./memory-cooldown.ts";

describe("memory cooldown", () => {
  it("refuses a key until its window has passed, then takes it again", async () => {
    let clock = 1_000;
    const cooldown = createMemoryCooldown(() => clock);
    expect(await cooldown.take("a", 60_000)).toBe(true);
    expect(await cooldown.take("a", 60_000)).toBe(false);
    expect(await cooldown.take("b", 60_000)).toBe(true);
    clock += 59_999;
    expect(await cooldown.take("a", 60_000)).toBe(false);
    clock += 1;
    expect(await cooldown.take("a", 60_000)).toBe(true);
    expect(await cooldown.take("a", 60_000)).toBe(false);
  });

  it("lets a released key be taken at once", async () => {
    const cooldown = createMemoryCooldown(() => 0);
    await cooldown.take("a", 60_000);
    await cooldown.release("a");
    expect(await cooldown.take("a", 60_000)).toBe(true);
  });
});
