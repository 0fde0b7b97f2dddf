import { describe, expect, it } from "vitest";
import { isPaidStatus, shipmentReturnOf } from "./shipment-return.ts";

describe("coming back to a shipment from its checkout", () => {
  it("reads a paid checkout's session under either name", () => {
    expect(shipmentReturnOf(new URLSearchParams("sessionId=cs_1"))).toBe("paid");
    expect(shipmentReturnOf(new URLSearchParams("session_id=cs_1"))).toBe("paid");
  });

  it("reads a cancelled checkout, and says nothing on an ordinary visit", () => {
    expect(shipmentReturnOf(new URLSearchParams("canceled=1"))).toBe("cancelled");
    expect(shipmentReturnOf(new URLSearchParams(""))).toBeNull();
    expect(shipmentReturnOf(new URLSearchParams("sessionId="))).toBeNull();
  });

  it("counts a shipment as paid from payment to delivery, not before nor when cancelled", () => {
    expect(["paid", "packed", "shipped", "delivered"].every((s) => isPaidStatus(s as "paid"))).toBe(true);
    expect(isPaidStatus("created")).toBe(false);
    expect(isPaidStatus("cancelled")).toBe(false);
    expect(isPaidStatus("UNKNOWN")).toBe(false);
  });
});
