import { describe, expect, it } from "vitest";
import { checkWebhookSignature, signWebhook } from "./webhook-signature.ts";

const body = Buffer.from('{"id":"evt_1","type":"invoice.paid"}');
const now = 1_800_000_000;

describe("webhook signatures", () => {
  it("accepts a delivery signed with the secret a moment ago", () => {
    expect(checkWebhookSignature(body, signWebhook(body, "whsec_a", now - 10), "whsec_a", now)).toBeNull();
  });
  it("refuses a delivery without a signature, with another secret, or with changed bytes", () => {
    expect(checkWebhookSignature(body, undefined, "whsec_a", now)).toBe("missing");
    expect(checkWebhookSignature(body, "t=1", "whsec_a", now)).toBe("malformed");
    expect(checkWebhookSignature(body, signWebhook(body, "whsec_b", now), "whsec_a", now)).toBe("mismatch");
    const changed = Buffer.from('{"id":"evt_1","type":"invoice.paid" }');
    expect(checkWebhookSignature(changed, signWebhook(body, "whsec_a", now), "whsec_a", now)).toBe("mismatch");
  });
  it("refuses a delivery signed six minutes ago", () => {
    expect(checkWebhookSignature(body, signWebhook(body, "whsec_a", now - 360), "whsec_a", now)).toBe("too-old");
  });
});
