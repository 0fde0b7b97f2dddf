import { z } from "zod";
import { CurrencySchema, MoneySchema } from "./purchases.ts";
import { AddressSchema } from "./user.ts";

/**
 * One product of the shop (GET purchases/inventory, spec §3): a pack of `size` stickers weighing `weight` grams.
 * `quantity` is what can still be bought: the stock less what open checkouts hold. Dashes in `name` are shown as
 * spaces (spec §3).
 */
export const InventoryItemSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  description: z.string(),
  quantity: z.number().int().nonnegative(),
  /** Grams, for the shipping rate. */
  weight: z.number().int().positive(),
  /** Stickers in one pack. */
  size: z.number().int().positive(),
  price: MoneySchema,
});
export type InventoryItem = z.infer<typeof InventoryItemSchema>;
export const InventorySchema = z.array(InventoryItemSchema);

export const InventoryQuerySchema = z.object({ currency: CurrencySchema.default("eur") });
export type InventoryQuery = z.infer<typeof InventoryQuerySchema>;

/**
 * Shown as spaces (spec §3: "Dashes in the name are shown as spaces"). Clients name the shop's own packs by
 * `product_id` in the reader's language and fall back to this for a product they do not know.
 */
export const displayItemName = (name: string) => name.replaceAll("-", " ");

/** Most packs of one item in one shipment. */
export const MAX_PACKS_PER_ITEM = 20;

/** A line of the bag and of a shipment's request: an inventory item id and how many packs. */
export const BagItemSchema = z.object({
  item_id: z.string().min(1).max(100),
  quantity: z.number().int().min(1).max(MAX_PACKS_PER_ITEM),
});
export type BagItem = z.infer<typeof BagItemSchema>;

/** Body of POST shipping/ and PUT shipping/{id}: the bag's lines; the address is the profile's `shipping`. */
export const ShipmentBodySchema = z.object({
  items: z
    .array(BagItemSchema)
    .min(1)
    .max(10)
    .refine((items) => new Set(items.map((i) => i.item_id)).size === items.length, { message: "Each item only once" }),
  currency: CurrencySchema.default("eur"),
});
export type ShipmentBody = z.infer<typeof ShipmentBodySchema>;

/**
 * A shipment's life (spec §3 shows UNKNOWN only): created (not paid), paid (stickers made), packed, shipped (with a
 * tracking number), delivered; cancelled by the operator. `UNKNOWN`, spelt as the spec spells it, is what a client
 * shows for any other value.
 */
export const SHIPMENT_STATUSES = ["UNKNOWN", "created", "paid", "packed", "shipped", "delivered", "cancelled"] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Destination zones of the embedded rate table: the shop ships from Spain. */
export const SHIPPING_ZONES = ["domestic", "eu", "world"] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

/**
 * A way to ship a parcel to an address, with its price; `id` is what POST purchases/checkout takes as `rate`.
 * `service` is the service's name in English (or as the carrier's API names it); `service_code` is the embedded rate
 * table's token for it (`letter`, `tracked`), by which the web app names it in the reader's language, and null for
 * a carrier's own services.
 */
export const ShippingRateSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  service_code: z.string().nullable(),
  amount: MoneySchema,
  /** Business days, as the carrier estimates them; null when it does not say. */
  estimated_days: z.number().int().nullable(),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

export const ShipmentLineSchema = z.object({
  item_id: z.string(),
  product_id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  size: z.number().int(),
  unit_price: MoneySchema,
});
export type ShipmentLine = z.infer<typeof ShipmentLineSchema>;

/** A shipment (GET shipping/{id}): the packs, where they go, the rates on offer while unpaid, what was paid. */
export const ShipmentSchema = z.object({
  id: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  items: z.array(ShipmentLineSchema),
  address: AddressSchema,
  currency: CurrencySchema,
  subtotal: MoneySchema,
  /** Offered while the shipment is not paid; empty after. */
  rates: z.array(ShippingRateSchema),
  /** The rate paid for, once paid. */
  rate: ShippingRateSchema.nullable(),
  total: MoneySchema.nullable(),
  /** Stickers made for this shipment (0 until paid). */
  sticker_count: z.number().int(),
  tracking_number: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;
export const ShipmentsSchema = z.array(ShipmentSchema);

export const ShipmentParamsSchema = z.object({ id: z.string().min(1).max(100) });
export type ShipmentParams = z.infer<typeof ShipmentParamsSchema>;
