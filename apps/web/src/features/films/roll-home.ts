import { orderInListPath, paths } from "@latent/domain/app-paths";
import type { User } from "@latent/domain/user";

/** Where a roll's screen leads back to, and the films text that says so. */
export interface RollHome {
  to: string;
  text: "overview.back" | "overview.backToOrder" | "overview.backToOrders";
}

/**
 * A roll of a lab's order leads back to that order; a lab has no roll list of its own (the photographers' screens are
 * no place of a lab's), so any other way back for a lab leads to its orders; a photographer goes back to their rolls.
 * `orderId` is null for a roll in no order, or when the roll itself is unknown (not found).
 */
export function rollHome(orderId: string | null, role: User["role"]): RollHome {
  if (orderId) return { to: orderInListPath(orderId), text: "overview.backToOrder" };
  if (role === "lab") return { to: paths.user.orders, text: "overview.backToOrders" };
  return { to: paths.user.films, text: "overview.back" };
}
