import { SUBMISSION_INTERVAL_MS } from "@latent/domain/contact";
import { describe, expect, it } from "vitest";
import { createMemoryCooldown } from "./memory-cooldown.ts";
import { createSenderLimit } from "./sender-limit.ts";

describe("one submission per sender a minute", () => {
  const setUp = () => {
    let now = Date.parse("2026-11-26T10:00:00Z");
    const cooldown = createMemoryCooldown(() => now);
    return { cooldown, later: (ms: number) => (now += ms) };
  };
  const refused = { code: "rate-limited-email" };

  it("refuses the same email again within the minute, whatever its case and spaces, from any address", async () => {
    const { cooldown, later } = setUp();
    const contact = createSenderLimit(cooldown, "contact");
    await contact.claim("Ana@Example.com", "10.0.0.1");
    await expect(contact.claim(" ana@example.com ", "10.0.0.2")).rejects.toMatchObject(refused);
    later(SUBMISSION_INTERVAL_MS);
    await expect(contact.claim("ana@example.com", "10.0.0.2")).resolves.toBeUndefined();
  });

  it("refuses the same address within the minute without using up the refused email's own minute", async () => {
    const { cooldown } = setUp();
    const contact = createSenderLimit(cooldown, "contact");
    await contact.claim("ana@example.com", "10.0.0.1");
    await expect(contact.claim("bo@example.com", "10.0.0.1")).rejects.toMatchObject(refused);
    await expect(contact.claim("bo@example.com", "10.0.0.9")).resolves.toBeUndefined();
  });

  it("keeps each form's minute apart: a contact message does not hold back the same sender's newsletter sign-up", async () => {
    const { cooldown } = setUp();
    const contact = createSenderLimit(cooldown, "contact");
    const newsletter = createSenderLimit(cooldown, "newsletter");
    await contact.claim("ana@example.com", "10.0.0.1");
    await expect(newsletter.claim("ana@example.com", "10.0.0.1")).resolves.toBeUndefined();
    await expect(newsletter.claim("ana@example.com", "10.0.0.1")).rejects.toMatchObject(refused);
  });

  it("keeps only a hash of the email in the cooldown's keys", async () => {
    const keys: string[] = [];
    const cooldown = createMemoryCooldown();
    const spy = {
      take(key: string, ms: number) {
        keys.push(key);
        return cooldown.take(key, ms);
      },
      release: cooldown.release,
    };
    await createSenderLimit(spy, "contact").claim("ana@example.com", "10.0.0.1");
    expect(keys).toHaveLength(2);
    expect(keys.join(" ")).not.toContain("ana");
    expect(keys[1]).toBe("contact:ip:10.0.0.1");
  });
});
