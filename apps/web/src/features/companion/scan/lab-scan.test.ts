import type { LabStickerLookup } from "@latent/domain/roll-life";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api/api-error.ts";
import { labButton, labScanOutcome } from "./lab-scan.ts";

const lookup = (over: Partial<LabStickerLookup>): LabStickerLookup => ({
  film: { id: "film-1", name: "Wedding 3", stock: "Kodak Portra 400", format: "135", customer: "Ada Lovelace" },
  order_id: "order-1",
  status: "received",
  action: "advance",
  next: "developed",
  reason: null,
  ...over,
});

describe("what a lab's scan of a sticker offers on the phone", () => {
  it("shows the roll behind the sticker with the lab's next step", async () => {
    const found = lookup({});
    expect(await labScanOutcome("7KQ-M2P-X4C", async () => found)).toEqual({ kind: "lab-roll", ref: "7KQ-M2P-X4C", lookup: found });
    expect(labButton(found)).toEqual({ kind: "advance", status: "developed" });
  });

  it("says a sticker it may not see is unknown, and lets other failures be tried again", async () => {
    expect(await labScanOutcome("X", () => Promise.reject(new ApiError(404, "not-found", "Not found")))).toEqual({ kind: "unknown" });
    await expect(labScanOutcome("X", () => Promise.reject(new ApiError(0, "network-error", "offline")))).rejects.toThrow("offline");
  });

  it("offers to receive a customer's roll sent to the lab before any order exists", () => {
    expect(labButton(lookup({ order_id: null, status: "sent", action: "receive", next: "received" }))).toEqual({ kind: "receive" });
  });

  it("says why nothing can be done: another lab's roll, or a roll whose negatives went back", () => {
    expect(labButton(lookup({ action: "none", next: null, reason: "not-yours" }))).toEqual({ kind: "none", reason: "not-yours" });
    expect(labButton(lookup({ status: "returned", action: "none", next: null, reason: "finished" }))).toEqual({
      kind: "none",
      reason: "finished",
    });
    expect(labButton(lookup({ status: "returned", action: "advance", next: null }))).toEqual({ kind: "none", reason: "finished" });
  });
});
