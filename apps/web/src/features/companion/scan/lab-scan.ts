import type { LabStickerLookup, RollStatus } from "@latent/domain/roll-life";
import { ApiError } from "../../../shared/api/api-error.ts";

/** What a lab's scan leads to: the roll behind the sticker with what the lab may do, or nothing it may see. */
export type LabScanOutcome = { kind: "lab-roll"; ref: string; lookup: LabStickerLookup } | { kind: "unknown" };

/**
 * Looks a scanned sticker up as a lab. A sticker that names no roll, or whose roll the lab may not see, answers 404
 * (no existence oracle): both read as unknown. A failure that says nothing about the sticker is thrown, to be tried again.
 */
export async function labScanOutcome(ref: string, lookUp: (ref: string) => Promise<LabStickerLookup>): Promise<LabScanOutcome> {
  try {
    return { kind: "lab-roll", ref, lookup: await lookUp(ref) };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return { kind: "unknown" };
    throw err;
  }
}

/** The companion's one big button for a lab: take the next step, receive the roll (making its order), or say why not. */
export type LabButton = { kind: "advance"; status: RollStatus } | { kind: "receive" } | { kind: "none"; reason: "not-yours" | "finished" };

export function labButton(lookup: LabStickerLookup): LabButton {
  if (lookup.action === "receive") return { kind: "receive" };
  if (lookup.action === "advance" && lookup.next) return { kind: "advance", status: lookup.next };
  // An advance with no step left is a finished roll; a refusal without a reason is not this lab's to handle.
  if (lookup.action === "advance") return { kind: "none", reason: "finished" };
  return { kind: "none", reason: lookup.reason ?? "not-yours" };
}
