import {
  FilmShareSchema,
  PublicFilmQuerySchema,
  PublicFilmSchema,
  ShareLinkListSchema,
  ShareLinkSchema,
  ShareQuerySchema,
  ShareSettingsSchema,
  UnlockSchema,
  WsTicketSchema,
  ZipDataSchema,
} from "@latent/domain/films";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { parseCookies } from "../../platform/http/cookies.ts";
import { noContent } from "../../platform/http/no-content.ts";
import { bearerToken, callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { TicketIssuer } from "../realtime/realtime-tickets.ts";
import type { SharesService } from "./shares.service.ts";

export interface SharesRoutesDeps {
  shares: SharesService;
  films: Pick<FilmsService, "load" | "shared">;
  downloads: DownloadsService;
  tickets: TicketIssuer;
  requireScopes: RequireScopes;
}

/** Creating and managing share links (owner) and everything a link opens (anyone holding the code, until it expires or is revoked). */
export function sharesRoutes(app: FastifyInstance, deps: SharesRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shares, films, downloads, tickets, requireScopes } = deps;
  const filmParams = z.object({ id: z.string().max(64) });
  // What every public route answers for its link, beside its own refusals.
  const linkErrors = ["unauthorized", "share-expired", "share-revoked", "share-password-required"] as const;
  const cookiesOf = (request: { headers: { cookie?: string | undefined } }) => parseCookies(request.headers.cookie);

  r.post(
    "/film/:id/share",
    {
      config: { errors: ["share-expiry-needs-plan"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags: ["films"],
        summary:
          "Create a public link to the roll; expiration in minutes (default 60), or the body's expiry, and its password, downloads and guest answers",
        params: filmParams,
        querystring: ShareQuerySchema,
        body: ShareSettingsSchema.nullish(),
        response: { 200: FilmShareSchema },
      },
    },
    async (request) => shares.create(callerOf(request).sub, request.params.id, request.query.expiration, request.body ?? {}),
  );

  r.put(
    "/film/:id/shares/:shareId",
    {
      config: { errors: ["share-expiry-needs-plan", "share-link-revoked"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags: ["films"],
        summary: "Change a share link's password, downloads, guest answers or expiry; its code stays the same",
        params: filmParams.extend({ shareId: z.string().max(64) }),
        body: ShareSettingsSchema,
        response: { 200: ShareLinkSchema },
      },
    },
    async (request) => shares.update(callerOf(request).sub, request.params.id, request.params.shareId, request.body),
  );

  r.get(
    "/film/:id/shares",
    {
      preHandler: requireScopes("read:film"),
      schema: {
        tags: ["films"],
        summary: "The roll's share links: when made, until when, how often opened, and whether active, expired or revoked",
        params: filmParams,
        response: { 200: ShareLinkListSchema },
      },
    },
    async (request) => shares.list(callerOf(request).sub, request.params.id),
  );

  r.delete(
    "/film/:id/shares/:shareId",
    {
      preHandler: requireScopes("write:film"),
      schema: {
        tags: ["films"],
        summary: "Revoke a share link: it stops at once, with every media, zip and feed link it handed out",
        params: filmParams.extend({ shareId: z.string().max(64) }),
        response: { 204: noContent("The link is revoked") },
      },
    },
    async (request, reply) => {
      await shares.revoke(callerOf(request).sub, request.params.id, request.params.shareId);
      return reply.status(204).send();
    },
  );

  r.post(
    "/public/film/unlock",
    {
      config: { errors: ["unauthorized", "share-expired", "share-revoked", "share-password-wrong", "share-password-attempts"] },
      schema: {
        tags: ["public"],
        summary: "Unlock a password link for this browser session (Bearer <share code>): sets its HttpOnly cookie",
        body: UnlockSchema,
        response: { 204: noContent("Unlocked (or the link has no password)") },
      },
    },
    async (request, reply) => {
      const cookie = await shares.unlock(bearerToken(request), request.body.password, request.ip);
      if (cookie) reply.header("set-cookie", cookie);
      return reply.status(204).send();
    },
  );

  r.get(
    "/public/film",
    {
      config: { errors: [...linkErrors] },
      schema: {
        tags: ["public"],
        summary: "The shared roll (Authorization: Bearer <share code>); each call but a refresh counts as an opening",
        querystring: PublicFilmQuerySchema,
        response: { 200: PublicFilmSchema },
      },
    },
    async (request) => {
      // Every link to its files lasts no longer than the share, and stops when the share is revoked.
      const link = await shares.open(bearerToken(request), cookiesOf(request), { refresh: request.query.refresh === "1" });
      return films.shared(await films.load(link.ownerId, link.filmId), link.scope, link.link);
    },
  );
  r.get(
    "/public/film/download",
    {
      config: { errors: [...linkErrors, "share-downloads-off"] },
      schema: { tags: ["public"], summary: "Zip manifest of the shared roll", response: { 200: ZipDataSchema } },
    },
    async (request) => {
      const link = await shares.resolve(bearerToken(request), cookiesOf(request));
      if (!link.link.downloads) throw new AppError("share-downloads-off");
      return downloads.manifest(await films.load(link.ownerId, link.filmId), link.scope);
    },
  );
  r.post(
    "/public/film/ws-ticket",
    {
      config: { errors: [...linkErrors] },
      schema: { tags: ["public"], summary: "Realtime ticket for the shared roll", response: { 200: WsTicketSchema } },
    },
    async (request) => {
      const link = await shares.resolve(bearerToken(request), cookiesOf(request));
      const row = await films.load(link.ownerId, link.filmId);
      return tickets.issue(row.id, { until: link.expiresAt.getTime(), grant: link.scope.grant ?? undefined });
    },
  );
}
