import {
  InventoryQuerySchema,
  InventorySchema,
  ShipmentBodySchema,
  ShipmentParamsSchema,
  ShipmentSchema,
  ShipmentsSchema,
} from "@latent/domain/shop";
import { StickerSheetQuerySchema } from "@latent/domain/stickers";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../platform/http/app-error.ts";
import { fileResponse } from "../../platform/http/file-response.ts";
import { callerOf, type RequireScopes } from "../../platform/identity/authenticate.ts";
import type { StickersService } from "../stickers/stickers.service.ts";
import type { ShopService } from "./shop.service.ts";

const SheetQuerySchema = StickerSheetQuerySchema.extend({ paper: z.enum(["a4", "letter"]).default("a4") });

/** The shop's packs (GET purchases/inventory), shipments (spec §7 Shipping) and the printable sticker sheet. */
export function shopRoutes(
  app: FastifyInstance,
  deps: { shop: ShopService; stickers: Pick<StickersService, "sheet">; requireScopes: RequireScopes },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { shop, stickers, requireScopes } = deps;
  const tags = ["shop"];

  r.get(
    "/purchases/inventory",
    {
      preHandler: requireScopes("read:user"),
      schema: {
        tags,
        summary: "The sticker packs with what is left and their price",
        querystring: InventoryQuerySchema,
        response: { 200: InventorySchema },
      },
    },
    async (request) => shop.inventory(request.query.currency),
  );

  r.post(
    "/shipping",
    {
      config: { errors: ["item-not-found", "out-of-stock", "no-shipping-address"] },
      preHandler: requireScopes("write:user"),
      schema: {
        tags,
        summary: "Makes the bag a shipment to the profile's shipping address; 400 without one",
        body: ShipmentBodySchema,
        response: { 201: ShipmentSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await shop.create(callerOf(request).sub, request.body)),
  );

  r.get(
    "/shipping",
    {
      preHandler: requireScopes("read:user"),
      schema: { tags, summary: "The caller's shipments, newest first", response: { 200: ShipmentsSchema } },
    },
    async (request) => shop.list(callerOf(request).sub),
  );

  r.get(
    "/shipping/:id",
    {
      config: { errors: ["shipment-not-found"] },
      preHandler: requireScopes("read:user"),
      schema: {
        tags,
        summary: "One shipment with the rates it can go at; 404 'Shipment not found'",
        params: ShipmentParamsSchema,
        response: { 200: ShipmentSchema },
      },
    },
    async (request) => shop.get(callerOf(request).sub, request.params.id),
  );

  r.put(
    "/shipping/:id",
    {
      config: {
        errors: [
          "shipment-not-found",
          "shipment-not-editable",
          "shipment-checkout-open",
          "item-not-found",
          "out-of-stock",
          "no-shipping-address",
        ],
      },
      preHandler: requireScopes("write:user"),
      schema: {
        tags,
        summary: "New lines and the profile's current address for an unpaid shipment",
        params: ShipmentParamsSchema,
        body: ShipmentBodySchema,
        response: { 200: ShipmentSchema },
      },
    },
    async (request) => shop.update(callerOf(request).sub, request.params.id, request.body),
  );

  r.get(
    "/stickers/sheet",
    {
      config: { errors: ["shipment-not-found", "stickers-not-ready"] },
      preHandler: requireScopes("read:sticker"),
      schema: {
        tags,
        summary: "A paid shipment's stickers as a printable PDF (A4: Avery L7651; Letter: Avery 5160)",
        querystring: SheetQuerySchema,
        response: { 200: fileResponse("application/pdf", "The sticker sheet") },
      },
    },
    async (request, reply) => {
      const { sub } = callerOf(request);
      const { shipment_id, paper } = request.query;
      await shop.assertPaid(sub, shipment_id);
      const pdf = await stickers.sheet(sub, shipment_id, paper);
      if (!pdf) throw new AppError("stickers-not-ready");
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="latent-stickers-${shipment_id.slice(0, 8)}-${paper}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
