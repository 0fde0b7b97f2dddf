import { publicApi } from "./public-api.ts";

/** POST public/film/ws-ticket with the share code: a single-use ticket for the shared roll's realtime feed. */
export const createPublicWsTicket = (code: string) =>
  publicApi<{ ticket: string }>("/api/public/film/ws-ticket", code, "POST").then((r) => r.ticket);
