import type { OrdersFeedTicket } from "@latent/domain/orders";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/** POST orders/ws-ticket: a single-use ticket for the lab's own orders feed. */
export const createOrdersFeedTicket = (api: ApiClient) =>
  api<OrdersFeedTicket>("/api/orders/ws-ticket", { method: "POST" }).then((r) => r.ticket);
