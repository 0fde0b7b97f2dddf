import type { OrderStatus } from "@latent/domain/orders";

/**
 * Badge colours follow the order's progress: grey before anything left the lab, blue once linked, green once emailed,
 * teal once the customer collected the rolls.
 */
const STATUS_COLORS: Record<OrderStatus, string> = { created: "gray", shared: "blue", sent: "green", collected: "teal" };

export const statusColor = (status: OrderStatus) => STATUS_COLORS[status];
