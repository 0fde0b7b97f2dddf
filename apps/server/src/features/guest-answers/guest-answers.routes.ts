import { createHash } from "node:crypto";
import type { ErrorCode } from "@latent/domain/errors";
import {
  CommentUpdateSchema,
  FavouritesQuerySchema,
  GuestAnswersSchema,
  GuestNameSchema,
  GuestRequestSchema,
  GuestSchema,
  NewGuestCommentSchema,
  NewGuestRequestSchema,
  NewOwnerCommentSchema,
  OrderRequestSchema,
  OrderRequestsSchema,
  OwnerAnswersSchema,
  OwnerCommentSchema,
  PublicCommentSchema,
  RequestUpdateSchema,
} from "@latent/domain/guest-answers";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { attachmentDisposition } from "../../platform/http/content-disposition.ts";
import { parseCookies } from "../../platform/http/cookies.ts";
import { noContent } from "../../platform/http/no-content.ts";
import { bearerToken, callerOf, labOnly, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { GuestAnswersService } from "./guest-answers.service.ts";

/** Writes one client may make through one link in a minute, on each route (a guest favouriting a whole roll fits). */
export const GUEST_WRITES_PER_MINUTE = 60;

const favouritesFile = {
  description: "The favourited frames' file names: one per line (txt), or a CSV with the frame, count and guests",
  content: {
    "text/plain": { schema: z.any().meta({ type: "string", contentMediaType: "text/plain" }) },
    "text/csv": { schema: z.any().meta({ type: "string", contentMediaType: "text/csv" }) },
  },
};

/**
 * Guests' answers (issue 31): the public routes of a roll's share link (`public/film/…`) and an order's link
 * (`public/order/…`), Bearer <the link's code> and the link's cookies; the owner's (`film/{id}/…`) and the lab's
 * (`orders/{id}/…`) moderation, requests and export.
 */
export function guestAnswersRoutes(app: FastifyInstance, deps: { answers: GuestAnswersService; requireScopes: RequireScopes }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { answers, requireScopes } = deps;
  const cookiesOf = (request: FastifyRequest) => parseCookies(request.headers.cookie);
  // Per client and per link: the code's hash names the link without keeping the code itself in the limiter.
  const perClientAndLink = {
    max: GUEST_WRITES_PER_MINUTE,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) =>
      `${request.ip}|${createHash("sha256")
        .update(request.headers.authorization ?? "")
        .digest("base64url")}`,
    errorResponseBuilder: () => new AppError("guest-answers-rate-limited"),
  };
  const linkErrors = (kind: "film" | "order"): ErrorCode[] => [
    "unauthorized",
    "share-expired",
    ...(kind === "film" ? (["share-revoked"] as const) : []),
    "share-password-required",
    "guest-answers-off",
  ];

  for (const kind of ["film", "order"] as const) {
    const tags = ["public"];
    r.post(
      `/public/${kind}/guest`,
      {
        config: { errors: [...linkErrors(kind), "guest-answers-rate-limited"], rateLimit: perClientAndLink },
        schema: {
          tags,
          summary: "Give (or change) the guest's name for this link (Bearer <code>): sets the link's guest cookie",
          body: GuestNameSchema,
          response: { 200: GuestSchema },
        },
      },
      async (request, reply) => {
        const { cookie, guest } = await answers.becomeGuest(kind, bearerToken(request), cookiesOf(request), request.body.name);
        reply.header("set-cookie", cookie);
        return guest;
      },
    );

    for (const method of ["PUT", "DELETE"] as const) {
      r.route({
        method,
        url: `/public/${kind}/favourites/:shotId`,
        config: { errors: [...linkErrors(kind), "guest-name-required", "guest-answers-rate-limited"], rateLimit: perClientAndLink },
        schema: {
          tags,
          summary: method === "PUT" ? "Favourite a frame (the guest's own)" : "Take a frame out of the guest's favourites",
          params: z.object({ shotId: z.string().max(64) }),
          response: { 204: noContent(method === "PUT" ? "Favourited" : "Not a favourite (any more)") },
        },
        handler: async (request, reply) => {
          await answers.favourite(kind, bearerToken(request), cookiesOf(request), request.params.shotId, method === "PUT");
          return reply.status(204).send();
        },
      });
    }

    r.post(
      `/public/${kind}/comments`,
      {
        config: { errors: [...linkErrors(kind), "guest-name-required", "guest-answers-rate-limited"], rateLimit: perClientAndLink },
        schema: {
          tags,
          summary: `A guest's comment on a frame, or on the whole ${kind === "film" ? "roll" : "order"} (shot_id null); plain text`,
          body: NewGuestCommentSchema,
          response: { 201: PublicCommentSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await answers.comment(kind, bearerToken(request), cookiesOf(request), request.body)),
    );

    r.get(
      `/public/${kind}/answers`,
      {
        config: { errors: linkErrors(kind) },
        schema: {
          tags,
          summary: "The guest's own favourites (and requests) and every comment visible through this link",
          response: { 200: GuestAnswersSchema },
        },
      },
      async (request) => answers.guestView(kind, bearerToken(request), cookiesOf(request)),
    );
  }

  r.post(
    "/public/order/requests",
    {
      config: { errors: [...linkErrors("order"), "guest-name-required", "guest-answers-rate-limited"], rateLimit: perClientAndLink },
      schema: {
        tags: ["public"],
        summary: "Ask the lab to rescan or print a frame of the order, with a note",
        body: NewGuestRequestSchema,
        response: { 201: GuestRequestSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await answers.request(bearerToken(request), cookiesOf(request), request.body)),
  );

  // The owner's side of a roll, the lab's of an order: the same routes, each scoped to its caller.
  const sides = [
    {
      kind: "film" as const,
      base: "/film/:id",
      tags: ["films"],
      read: [requireScopes("read:film")],
      write: [requireScopes("write:film")],
      gone: [],
    },
    {
      kind: "order" as const,
      base: "/orders/:id",
      tags: ["orders"],
      read: [requireScopes("read:order"), labOnly],
      write: [requireScopes("write:order"), labOnly],
      gone: ["order-not-found"] as ErrorCode[],
    },
  ];
  for (const side of sides) {
    const { kind, base, tags } = side;
    const params = z.object({ id: z.string().max(100) });
    const commentParams = params.extend({ commentId: z.string().max(64) });
    r.get(
      `${base}/answers`,
      {
        config: { errors: side.gone },
        preHandler: side.read,
        schema: {
          tags,
          summary: "Guests' favourites (who, when), every comment (hidden ones marked), an order's requests",
          params,
          response: { 200: OwnerAnswersSchema },
        },
      },
      async (request) => answers.ownerView(callerOf(request).sub, kind, request.params.id),
    );
    r.post(
      `${base}/comments`,
      {
        config: { errors: [...side.gone, "comment-not-found"] },
        preHandler: side.write,
        schema: {
          tags,
          summary: "The owner's comment: a reply to a guest's (reply_to), or one for every link",
          params,
          body: NewOwnerCommentSchema,
          response: { 201: OwnerCommentSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await answers.ownerComment(callerOf(request).sub, kind, request.params.id, request.body)),
    );
    r.put(
      `${base}/comments/:commentId`,
      {
        config: { errors: [...side.gone, "comment-not-found"] },
        preHandler: side.write,
        schema: {
          tags,
          summary: "Hide a comment from guests, or show it again",
          params: commentParams,
          body: CommentUpdateSchema,
          response: { 200: OwnerCommentSchema },
        },
      },
      async (request) => answers.hide(callerOf(request).sub, kind, request.params.id, request.params.commentId, request.body.hidden),
    );
    r.delete(
      `${base}/comments/:commentId`,
      {
        config: { errors: [...side.gone, "comment-not-found"] },
        preHandler: side.write,
        schema: {
          tags,
          summary: "Delete a comment and its replies",
          params: commentParams,
          response: { 204: noContent("The comment is deleted") },
        },
      },
      async (request, reply) => {
        await answers.remove(callerOf(request).sub, kind, request.params.id, request.params.commentId);
        return reply.status(204).send();
      },
    );
    r.get(
      `${base}/favourites`,
      {
        config: { errors: side.gone },
        preHandler: side.read,
        schema: {
          tags,
          summary: "Export the favourited frames' file names (txt: one per line, for Lightroom's filter; csv)",
          params,
          querystring: FavouritesQuerySchema,
          response: { 200: favouritesFile },
        },
      },
      async (request, reply) => {
        const { format } = request.query;
        const text = await answers.exportFavourites(callerOf(request).sub, kind, request.params.id, format);
        return reply
          .type(format === "csv" ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8")
          .header("content-disposition", attachmentDisposition(`favourites.${format}`))
          .header("cache-control", "private, no-store")
          .send(Buffer.from(text, "utf8"));
      },
    );
  }

  r.get(
    "/orders/:id/requests",
    {
      config: { errors: ["order-not-found"] },
      preHandler: [requireScopes("read:order"), labOnly],
      schema: {
        tags: ["orders"],
        summary: "Guests' rescan and print requests on the order, newest first",
        params: z.object({ id: z.string().max(100) }),
        response: { 200: OrderRequestsSchema },
      },
    },
    async (request) => answers.requests(callerOf(request).sub, request.params.id),
  );
  r.put(
    "/orders/:id/requests/:requestId",
    {
      config: { errors: ["order-not-found", "request-not-found"] },
      preHandler: [requireScopes("write:order"), labOnly],
      schema: {
        tags: ["orders"],
        summary: "Mark a guest's request done (or open again)",
        params: z.object({ id: z.string().max(100), requestId: z.string().max(64) }),
        body: RequestUpdateSchema,
        response: { 200: OrderRequestSchema },
      },
    },
    async (request) => answers.markRequest(callerOf(request).sub, request.params.id, request.params.requestId, request.body.done),
  );
}
