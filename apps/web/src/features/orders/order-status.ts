import type { OrderStatus } from "@latent/domain/orders";

/** Badge colours follow the order's progress: grey before anything left the lab, blue once linked, green once emailed. */
const STATUS_COLORS: Record<OrderStatus, string> = { created: "gray", shared: "blue", sent: "green" };

export const statusColor = (status: OrderStatus) => STATUS_COLORS[status];
