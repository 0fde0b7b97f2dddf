import type { ListOrdersQuery } from "@latent/domain/orders";

/** Query keys of the orders feature: every list under `orders.lists`, each order under `orders.detail(id)`. */
export const orderKeys = {
  all: ["orders"] as const,
  lists: ["orders", "list"] as const,
  list: (query: ListOrdersQuery) => ["orders", "list", query] as const,
  /** The orders screen's list, loaded a page at a time. */
  pages: (query: ListOrdersQuery) => ["orders", "list", "pages", query] as const,
  detail: (id: string) => ["orders", "detail", id] as const,
  clients: (q: string) => ["orders", "clients", q] as const,
};

/** The path of one order's resource. */
export const orderPath = (id: string) => `/api/orders/${encodeURIComponent(id)}`;
