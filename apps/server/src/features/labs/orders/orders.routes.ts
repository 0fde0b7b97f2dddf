import {
  FilmDetailSchema,
  LinkSettingsSchema,
  NewFilmSchema,
  ownerFeedId,
  ShareSettingsSchema,
  UnlockSchema,
  ZipDataSchema,
} from "@latent/domain/films";
import {
  ClaimedSchema,
  ClaimOrderSchema,
  ClientSearchQuerySchema,
  ClientsSchema,
  ListOrdersQuerySchema,
  NewOrderSchema,
  OrderParamsSchema,
  OrderSchema,
  OrderShareQuerySchema,
  OrderShareSchema,
  OrdersFeedTicketSchema,
  OrdersSchema,
  PublicOrderSchema,
  UpdateOrderSchema,
} from "@latent/domain/orders";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { parseCookies } from "../../../platform/http/cookies.ts";
import { noContent } from "../../../platform/http/no-content.ts";
import {
  bearerToken,
  callerOf,
  labOnly,
  photographerOnly,
  type RequireScopes,
  verifiedEmail,
} from "../../../platform/identity/authenticate.ts";
import type { TicketIssuer } from "../../realtime/realtime-tickets.ts";
import type { OrdersService } from "./orders.service.ts";

/** Spec §7 Orders (the lab's), the customer's claim, and the public order routes (Bearer <the link's code>). */
export function ordersRoutes(
  app: FastifyInstance,
  deps: { orders: OrdersService; tickets: Pick<TicketIssuer, "issue">; requireScopes: RequireScopes },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { orders, tickets, requireScopes } = deps;
  const tags = ["orders"];
  const lab = (scope: "read:order" | "write:order" | "delete:order") => [requireScopes(scope), labOnly];

  r.get(
    "/orders",
    {
      config: {
        responseHeaders: {
          Link: 'The next page while more orders follow: `<…/api/orders?…&after=<cursor>>; rel="next"` (absent on the last page)',
        },
      },
      preHandler: lab("read:order"),
      schema: {
        tags,
        summary: "The lab's orders, newest first, a page at a time (`limit`, default 50, at most 200; the next page in the Link header)",
        querystring: ListOrdersQuerySchema,
        response: { 200: OrdersSchema },
      },
    },
    async (request, reply) => {
      const page = await orders.list(callerOf(request).sub, request.query);
      if (page.next) {
        // The same list (status, search, limit) from the cursor on, as a path on this server.
        const url = new URL(request.url, "http://server");
        url.searchParams.set("after", page.next);
        reply.header("Link", `<${url.pathname}${url.search}>; rel="next"`);
      }
      return page.orders;
    },
  );

  r.post(
    "/orders",
    {
      preHandler: lab("write:order"),
      schema: {
        tags,
        summary: "A new order for a customer (without an email it waits for its customer: shareable, not sendable)",
        body: NewOrderSchema,
        response: { 201: OrderSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await orders.create(callerOf(request).sub, request.body)),
  );

  r.get(
    "/orders/clients",
    {
      preHandler: lab("read:order"),
      schema: {
        tags,
        summary: "Photographers with exactly this email, or this lab's earlier customers",
        querystring: ClientSearchQuerySchema,
        response: { 200: ClientsSchema },
      },
    },
    async (request) => orders.clients(callerOf(request).sub, request.query.q),
  );

  r.post(
    "/orders/ws-ticket",
    {
      preHandler: lab("read:order"),
      schema: {
        tags,
        summary: "A single-use ticket for the lab's orders feed: its orders' changes and its order rolls' scans",
        response: { 200: OrdersFeedTicketSchema },
      },
    },
    // The feed is the caller's own: a ticket opens no other lab's.
    async (request) => {
      const feed = ownerFeedId(callerOf(request).sub);
      return { ...tickets.issue(feed), feed };
    },
  );

  r.post(
    "/orders/claim",
    {
      config: {
        errors: [
          "order-not-yours",
          "order-already-added",
          "share-expired",
          "unauthorized",
          "films-capacity-reached",
          "not-enough-space",
          "too-many-kept",
          "account-inactive",
        ],
      },
      preHandler: [requireScopes("write:film"), photographerOnly, verifiedEmail],
      schema: {
        tags,
        summary: "The customer adds the order's rolls to their own account (signed in with the order's email)",
        body: ClaimOrderSchema,
        response: { 200: ClaimedSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return orders.claim(caller.sub, caller.email, request.body.code);
    },
  );

  r.get(
    "/orders/:id",
    {
      config: { errors: ["order-not-found"] },
      preHandler: lab("read:order"),
      schema: {
        tags,
        summary: "One order with its rolls; 404 'Order not found'",
        params: OrderParamsSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => orders.get(callerOf(request).sub, request.params.id),
  );

  r.put(
    "/orders/:id",
    {
      config: { errors: ["order-not-found"] },
      preHandler: lab("write:order"),
      schema: {
        tags,
        summary: "Edit an order's customer or reference",
        params: OrderParamsSchema,
        body: UpdateOrderSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) => orders.update(callerOf(request).sub, request.params.id, request.body),
  );

  r.delete(
    "/orders/:id",
    {
      config: { errors: ["order-not-found"] },
      preHandler: lab("delete:order"),
      schema: {
        tags,
        summary: "Deletes the order, its rolls and their files",
        params: OrderParamsSchema,
        response: { 204: noContent("The order is deleted") },
      },
    },
    async (request, reply) => {
      await orders.remove(callerOf(request).sub, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    "/orders/:id/films",
    {
      config: { errors: ["order-not-found", "order-rolls-limit", "order-collected"] },
      preHandler: lab("write:order"),
      schema: {
        tags,
        summary: "A roll in the order; its scans upload as any roll's",
        params: OrderParamsSchema,
        body: NewFilmSchema,
        response: { 201: FilmDetailSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await orders.addFilm(callerOf(request).sub, request.params.id, request.body)),
  );

  r.post(
    "/orders/:id/share",
    {
      config: { errors: ["order-not-found", "share-expiry-needs-plan"] },
      preHandler: lab("write:order"),
      schema: {
        tags,
        summary: "A public link to the order for `expiration` minutes (default 60), or the body's expiry, with its controls",
        params: OrderParamsSchema,
        querystring: OrderShareQuerySchema,
        body: ShareSettingsSchema.nullish(),
        response: { 200: OrderShareSchema },
      },
    },
    async (request) => orders.share(callerOf(request).sub, request.params.id, request.query.expiration, request.body ?? {}),
  );

  r.put(
    "/orders/:id/link",
    {
      config: { errors: ["order-not-found", "order-not-shared", "share-expiry-needs-plan"] },
      preHandler: lab("write:order"),
      schema: {
        tags,
        summary: "Change the order link's password, downloads, guest answers or expiry; its code stays the same",
        params: OrderParamsSchema,
        body: ShareSettingsSchema,
        response: { 200: LinkSettingsSchema },
      },
    },
    async (request) => orders.updateLink(callerOf(request).sub, request.params.id, request.body),
  );

  r.post(
    "/orders/:id/send",
    {
      config: { errors: ["order-not-found", "order-no-customer-email", "order-empty", "order-collected", "share-expiry-needs-plan"] },
      preHandler: lab("write:order"),
      schema: {
        tags,
        summary: "Mails the customer a fresh link with the lab's template (the body sets its controls, as for share)",
        params: OrderParamsSchema,
        querystring: OrderShareQuerySchema,
        body: ShareSettingsSchema.nullish(),
        response: { 200: OrderShareSchema },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return orders.send(caller.sub, request.params.id, request.query.expiration, caller.locale ?? "en-US", request.body ?? {});
    },
  );

  r.post(
    "/public/order/unlock",
    {
      config: { errors: ["unauthorized", "share-expired", "share-password-wrong", "share-password-attempts"] },
      schema: {
        tags: ["public"],
        summary: "Unlock a password order link for this browser session (Bearer <code>): sets its HttpOnly cookie",
        body: UnlockSchema,
        response: { 204: noContent("Unlocked (or the link has no password)") },
      },
    },
    async (request, reply) => {
      const cookie = await orders.unlock(bearerToken(request), request.body.password, request.ip);
      if (cookie) reply.header("set-cookie", cookie);
      return reply.code(204).send();
    },
  );

  r.get(
    "/public/order",
    {
      config: { errors: ["unauthorized", "share-expired", "share-password-required"] },
      schema: { tags: ["public"], summary: "The order a link opens (Authorization: Bearer <code>)", response: { 200: PublicOrderSchema } },
    },
    async (request) => orders.open(bearerToken(request), parseCookies(request.headers.cookie)),
  );

  r.get(
    "/public/order/download/:id",
    {
      config: { errors: ["unauthorized", "share-expired", "share-password-required", "share-downloads-off"] },
      schema: {
        tags: ["public"],
        summary: "Zip manifest of one of the order's rolls (Bearer <code>)",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZipDataSchema },
      },
    },
    async (request) => orders.zip(bearerToken(request), parseCookies(request.headers.cookie), request.params.id),
  );
}
