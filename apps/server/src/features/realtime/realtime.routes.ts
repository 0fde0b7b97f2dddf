import websocket from "@fastify/websocket";
import { WsTicketSchema } from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { FeedPass, TicketIssuer } from "./realtime-tickets.ts";

/**
 * A realtime feed: `/ws/{filmId}?token=<ticket>` streams one roll's shot states and download progress, and
 * `/ws/owner:{userId}` (the domain's `ownerFeedId`, a lab's order screens) those of every roll its owner holds with
 * its orders' changes. The ticket names the one feed it opens, so the id in the path is checked against it.
 */
export async function realtimeRoutes(app: FastifyInstance, deps: { bus: EventBus; tickets: TicketIssuer; publicUrl: string }) {
  const allowedOrigin = new URL(deps.publicUrl).origin;
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    "/ws/:id",
    {
      websocket: true,
      schema: { hide: true },
      // Checked before the upgrade, so a refused client gets a plain HTTP answer.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.headers.host}`) {
          throw new AppError("origin-not-allowed");
        }
        const pass = await deps.tickets.redeem(request.query.token, request.params.id);
        if (!pass) throw new AppError("unauthorized");
        (request as unknown as { feedPass: FeedPass }).feedPass = pass;
      },
    },
    (socket, request) => {
      const filmId = request.params.id;
      const { until, grant } = (request as unknown as { feedPass: FeedPass }).feedPass;
      const off = deps.bus.subscribe(filmId, (event) => {
        if (event.type === "grant-withdrawn") {
          if (event.grant === grant) socket.close(4003, "The link was revoked");
          return;
        }
        // A visitor sees a roll's steps only when its owner shows the timeline on the shared roll.
        if (grant && event.type === "roll" && !event.shared) return;
        // A visitor's feed carries no media links of its own: theirs come with the shared roll, under its grant.
        socket.send(JSON.stringify(grant && event.type === "shot" ? { ...event, thumbnail_url: null } : event));
      });
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

/** `POST film/{id}/ws-ticket`: a single-use ticket for the feed of one of the caller's rolls. */
export function realtimeTicketRoutes(
  app: FastifyInstance,
  deps: { films: Pick<FilmsService, "load">; tickets: TicketIssuer; requireScopes: RequireScopes },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/film/:id/ws-ticket",
    {
      preHandler: deps.requireScopes("read:film"),
      schema: {
        tags: ["films"],
        summary: "A single-use ticket for the film's realtime feed",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: WsTicketSchema },
      },
    },
    async (request) => {
      const film = await deps.films.load(callerOf(request).sub, request.params.id);
      return deps.tickets.issue(film.id);
    },
  );
}
