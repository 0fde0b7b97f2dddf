import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { TicketIssuer } from "./realtime-tickets.ts";

/** The realtime feed of one film: `/ws/{filmId}?token=<ticket>` streams shot states and download progress. */
export async function realtimeRoutes(app: FastifyInstance, deps: { bus: EventBus; tickets: TicketIssuer; publicUrl: string }) {
  const allowedOrigin = new URL(deps.publicUrl).origin;
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    "/ws/:id",
    {
      websocket: true,
      schema: { hide: true },
      // Checked before the upgrade, so a refused client gets a plain HTTP answer.
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.headers.host}`) {
          return reply.status(403).send({ error: "forbidden", message: "Origin not allowed" });
        }
        const grant = deps.tickets.redeem(request.query.token, request.params.id);
        if (!grant) return reply.status(401).send({ error: "unauthorized", message: "Invalid session" });
        (request as unknown as { feedUntil: number | null }).feedUntil = grant.until;
      },
    },
    (socket, request) => {
      const filmId = request.params.id;
      const until = (request as unknown as { feedUntil: number | null }).feedUntil;
      const off = deps.bus.subscribe(filmId, (event) => socket.send(JSON.stringify(event)));
      const closer = until ? setTimeout(() => socket.close(4001, "The link has expired"), Math.max(0, until - Date.now())) : undefined;
      closer?.unref();
      socket.send(JSON.stringify({ type: "connected", film_id: filmId }));
      socket.on("message", () => undefined);
      socket.on("close", () => {
        off();
        if (closer) clearTimeout(closer);
      });
    },
  );
}
