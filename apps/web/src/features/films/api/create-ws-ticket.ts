import type { WsTicket } from "@latent/domain/films";
import type { ApiClient } from "../../../shared/api/api-client.ts";

/** POST film/{id}/ws-ticket: a single-use ticket for the roll's realtime feed. */
export const createWsTicket = (api: ApiClient, id: string) =>
  api<WsTicket>(`/api/film/${encodeURIComponent(id)}/ws-ticket`, { method: "POST" }).then((r) => r.ticket);
