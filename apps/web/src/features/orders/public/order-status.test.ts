import { ORDER_STATUSES } from "@latent/domain/orders";
import { describe, expect, it } from "vitest";
import { statusColor } from "./order-status.ts";

describe("statusColor", () => {
  it("gives every status its own colour", () => {
    const colors = ORDER_STATUSES.map(statusColor);
    expect(new Set(colors).size).toBe(ORDER_STATUSES.length);
    expect(statusColor("sent")).toBe("green");
  });
});
