import type { WsTicket } from "@latent/domain/films";
import { shareLinkClient } from "../../../shared/api/share-link-client.ts";

/** POST public/film/ws-ticket with the share code: a single-use ticket for the shared roll's realtime feed. */
export const createPublicWsTicket = (code: string) =>
  shareLinkClient(code)<WsTicket>("/api/public/film/ws-ticket", { method: "POST" }).then((r) => r.ticket);
