import { FilmDetailSchema, FilmShareSchema, ShareQuerySchema, WsTicketSchema, ZipDataSchema } from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearerToken, callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { TicketIssuer } from "../realtime/realtime-tickets.ts";
import type { SharesService } from "./shares.service.ts";

export interface SharesRoutesDeps {
  shares: SharesService;
  films: Pick<FilmsService, "load" | "withShots">;
  downloads: DownloadsService;
  tickets: TicketIssuer;
  requireScopes: RequireScopes;
}

/** Creating share links (owner) and everything a link opens (anyone holding the code, until it expires). */
export function sharesRoutes(app: FastifyInstance, deps: SharesRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shares, films, downloads, tickets, requireScopes } = deps;

  r.post(
    "/film/:id/share",
    {
      preHandler: requireScopes("write:film"),
      schema: {
        tags: ["films"],
        summary: "Create a public link to the roll; expiration in minutes (default 60)",
        params: z.object({ id: z.string().max(64) }),
        querystring: ShareQuerySchema,
        response: { 200: FilmShareSchema },
      },
    },
    async (request) => shares.create(callerOf(request).sub, request.params.id, request.query.expiration),
  );

  /** The shared film, with every link to its files lasting no longer than the share itself. */
  const shared = async (code: string | null) => {
    const link = await shares.resolve(code);
    return { link, row: await films.load(link.ownerId, link.filmId) };
  };

  r.get(
    "/public/film",
    { schema: { tags: ["public"], summary: "The shared roll (Authorization: Bearer <share code>)", response: { 200: FilmDetailSchema } } },
    async (request) => {
      const { link, row } = await shared(bearerToken(request));
      return films.withShots(row, link.secondsLeft);
    },
  );
  r.get(
    "/public/film/download",
    { schema: { tags: ["public"], summary: "Zip manifest of the shared roll", response: { 200: ZipDataSchema } } },
    async (request) => {
      const { link, row } = await shared(bearerToken(request));
      return downloads.manifest(row, link.secondsLeft);
    },
  );
  r.post(
    "/public/film/ws-ticket",
    { schema: { tags: ["public"], summary: "Realtime ticket for the shared roll", response: { 200: WsTicketSchema } } },
    async (request) => {
      const { link, row } = await shared(bearerToken(request));
      return tickets.issue(row.id, link.expiresAt.getTime());
    },
  );
}
