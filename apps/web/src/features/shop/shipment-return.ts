import type { ShipmentStatus } from "@latent/domain/shop";

/** How the shipment page was opened: back from a paid checkout, back from a cancelled one, or an ordinary visit. */
export type ShipmentReturn = "paid" | "cancelled" | null;

/** `?sessionId=` (or the provider's `?session_id=`) after paying, `?canceled=1` after leaving the checkout. */
export function shipmentReturnOf(search: URLSearchParams): ShipmentReturn {
  if (search.get("sessionId") || search.get("session_id")) return "paid";
  return search.has("canceled") ? "cancelled" : null;
}

/** The statuses of a paid shipment: its stickers exist and can be printed. */
const PAID_STATUSES: readonly ShipmentStatus[] = ["paid", "packed", "shipped", "delivered"];

export const isPaidStatus = (status: ShipmentStatus) => PAID_STATUSES.includes(status);
