import { FilmDetailSchema } from "@latent/domain/films";
import {
  LinkStickerBodySchema,
  StickerParamsSchema,
  StickerSchema,
  StickerStatusSchema,
  StickersSchema,
  UnlinkStickerBodySchema,
} from "@latent/domain/stickers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../platform/http/app-error.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { StickersService } from "./stickers.service.ts";

/** Anonymous sticker lookups one client address may make in a minute. */
export const STICKER_LOOKUPS_PER_MINUTE = 60;

/** The stickers service (spec §7: GET {hash}) and the roll's link and unlink (PUT film/link, film/unlink). */
export function stickersRoutes(app: FastifyInstance, deps: { stickers: StickersService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { stickers, requireScopes } = deps;
  const tags = ["stickers"];

  r.get(
    "/stickers",
    { preHandler: requireScopes("read:sticker"), schema: { tags, summary: "The caller's stickers", response: { 200: StickersSchema } } },
    async (request) => stickers.list(callerOf(request).sub),
  );

  r.get(
    "/stickers/:hash",
    {
      // Anyone may ask, so anyone could walk the id space: a scan a second per address is far above a person
      // scanning their rolls (the companion asks once per scan) and far below a prober.
      config: {
        errors: ["too-many-sticker-lookups"],
        rateLimit: {
          max: STICKER_LOOKUPS_PER_MINUTE,
          timeWindow: "1 minute",
          errorResponseBuilder: () => new AppError("too-many-sticker-lookups"),
        },
      },
      schema: {
        tags,
        summary: "Public: whether a sticker (its hash or short id) exists and is linked to a roll; nothing about whose",
        params: StickerParamsSchema,
        response: { 200: StickerStatusSchema },
      },
    },
    async (request) => stickers.status(request.params.hash),
  );

  r.get(
    "/stickers/:hash/mine",
    {
      config: { errors: ["sticker-not-found"] },
      preHandler: requireScopes("read:sticker"),
      schema: {
        tags,
        summary: "One of the caller's stickers and the roll it is linked to; 404 for anyone else's",
        params: StickerParamsSchema,
        response: { 200: StickerSchema },
      },
    },
    async (request) => stickers.mine(callerOf(request).sub, request.params.hash),
  );

  r.put(
    "/film/link",
    {
      config: { errors: ["sticker-not-found", "film-not-found", "sticker-linked-elsewhere", "film-has-sticker"] },
      preHandler: requireScopes("write:film"),
      schema: {
        tags,
        summary: "Links one of the caller's stickers to one of their rolls; 409 when either is linked elsewhere, unless move",
        body: LinkStickerBodySchema,
        response: { 200: FilmDetailSchema },
      },
    },
    async (request) => stickers.link(callerOf(request).sub, request.body),
  );

  r.put(
    "/film/unlink",
    {
      config: { errors: ["film-not-found"] },
      preHandler: requireScopes("write:film"),
      schema: { tags, summary: "Takes the sticker off a roll", body: UnlinkStickerBodySchema, response: { 200: FilmDetailSchema } },
    },
    async (request) => stickers.unlink(callerOf(request).sub, request.body.film_id),
  );
}
