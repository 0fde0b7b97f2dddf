import { z } from "zod";
import {
  FilmDetailSchema,
  LinkSettingsSchema,
  PublicLinkSchema,
  SHARE_DEFAULT_MINUTES,
  SHARE_MAX_MINUTES,
  WsTicketSchema,
} from "./films.ts";
import { LabSchema } from "./labs.ts";
import { RollEventSchema } from "./roll-life.ts";

/**
 * An order's life (spec §3, §4): made, shared by link, sent by email to the customer, and collected once the
 * customer added its rolls to their own account (they leave the lab then, so nothing follows it).
 */
export const ORDER_STATUSES = ["created", "shared", "sent", "collected"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order came from: typed by the lab, or imported from its online store. */
export const ORDER_SOURCES = ["manual", "shopify", "woocommerce"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Most rolls in one order (a lab's limit; the customer's plan counts them only once added to their account). */
export const MAX_ROLLS_PER_ORDER = 20;

const text = (max: number) => z.string().trim().max(max);

const phone = text(30).regex(/^$|^\+?[0-9 ().-]{6,30}$/, { message: "not valid" });

/**
 * Body of POST orders/ (spec §7): the customer as the lab knows them. Without an email (omitted or null) the order
 * waits for its customer (a hot folder's order, say): it can be shared, not sent nor claimed, until the lab fills
 * the email in with PUT orders/{id}. The name may wait too (omitted: empty on the order).
 */
export const NewOrderSchema = z.object({
  reference: text(100).min(1),
  user_name: text(200).min(1).optional(),
  user_email: z.email().max(254).nullish(),
  user_phone: phone.optional().default(""),
});
export type NewOrder = z.infer<typeof NewOrderSchema>;
/** Body of PUT orders/{id}: what it names changes (a null email puts the order back to waiting), the rest stays. */
export const UpdateOrderSchema = NewOrderSchema.extend({ user_phone: phone }).partial();
export type UpdateOrder = z.infer<typeof UpdateOrderSchema>;

/**
 * What the customer took when they added the order's rolls to their account, counted as they left the lab (the lab
 * keeps no copy to count later). The counts are null on orders collected before they were recorded.
 */
export const OrderCollectionSchema = z.object({
  /** The customer as the lab entered them (the order's `user_name`). */
  by: z.string(),
  at: z.string(),
  rolls: z.number().int().nullable(),
  /** Finished scans. */
  scans: z.number().int().nullable(),
  /** Bytes of every scan moved. */
  bytes: z.number().int().nullable(),
});
export type OrderCollection = z.infer<typeof OrderCollectionSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  lab_id: z.string(),
  reference: z.string(),
  /** Empty while the lab does not know it. */
  user_name: z.string(),
  /** Null while the order waits for its customer: it cannot be sent (409 order-no-customer-email) nor claimed. */
  user_email: z.string().nullable(),
  user_phone: z.string(),
  /** How many rolls the lab expects for the order (an imported row's "rolls"); null when nobody said. */
  rolls_expected: z.number().int().nullable(),
  /** The customer's Latent account when one has this email (or once they added the rolls). */
  user_id: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  source: z.enum(ORDER_SOURCES),
  films: z.array(FilmDetailSchema),
  /** Until when the order's current link opens it; null before it is shared. */
  share_expires_at: z.string().nullable(),
  /** The current link's controls (password, downloads, guest answers, expiry); null before it is shared. */
  link: LinkSettingsSchema.nullable(),
  /** Guests' "ask the lab" requests on the order not yet marked done. */
  open_requests: z.number().int(),
  sent_at: z.string().nullable(),
  /** When the customer added the rolls to their own account. */
  claimed_at: z.string().nullable(),
  /** Who collected the order's rolls, when, and how much; null until then. */
  collected: OrderCollectionSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrdersSchema = z.array(OrderSchema);

/** Orders in one page of GET orders/ unless `limit` says otherwise, and the most one page holds. */
export const ORDERS_PAGE_SIZE = 50;
export const ORDERS_PAGE_MAX = 200;

/**
 * GET orders/: newest first, a page at a time. `search` finds words of the reference, the customer's name and email
 * (each word a prefix, accents and capitals ignored); `after` is the opaque cursor of the page's last order, which the
 * answer's `Link: <…>; rel="next"` header carries while more orders follow.
 */
export const ListOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  search: text(100).optional(),
  limit: z.coerce.number().int().min(1).max(ORDERS_PAGE_MAX).optional().describe(`Orders per page (default ${ORDERS_PAGE_SIZE})`),
  after: z.string().min(1).max(400).optional().describe("The cursor of the Link header's next page"),
});
export type ListOrdersQuery = z.infer<typeof ListOrdersQuerySchema>;

export const OrderParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** POST orders/{id}/share?expiration= (minutes, default 60, as a roll's share) and POST orders/{id}/send. */
export const OrderShareQuerySchema = z.object({
  expiration: z.coerce.number().int().min(1).max(SHARE_MAX_MINUTES).default(SHARE_DEFAULT_MINUTES),
});
/** Answer of share and send: the code of the public link `/order?code=` and when it ends. */
export const OrderShareSchema = LinkSettingsSchema.extend({ code: z.string(), url: z.string() });
export type OrderShare = z.infer<typeof OrderShareSchema>;

/**
 * GET orders/clients?q=: this lab's earlier customers (by name or email), and for an exact email of anyone else only
 * that an account exists: `user_id` null, `name` empty.
 */
export const ClientSearchQuerySchema = z.object({ q: text(254).min(1) });
export const ClientSchema = z.object({ user_id: z.string().nullable(), name: z.string(), email: z.string() });
export const ClientsSchema = z.array(ClientSchema);
export type Client = z.infer<typeof ClientSchema>;

/** The order as its link opens it (GET /public/order, Bearer <code>): the lab, the customer's name, the rolls. */
export const PublicOrderSchema = z.object({
  reference: z.string(),
  user_name: z.string(),
  /**
   * The address the lab sent the order to: the sign-up it offers starts with it (a hint; adding the rolls still
   * needs an account whose confirmed email is this one). Whoever holds the link got it at that address. Null while
   * the order waits for its customer: nobody can add its rolls until the lab names them.
   */
  user_email: z.string().nullable(),
  lab: LabSchema.pick({ id: true, name: true, logo_url: true, webpage: true, location: true }),
  /** Each roll with its timeline (oldest step first), as the lab and the photographer recorded it. */
  films: z.array(FilmDetailSchema.extend({ timeline: z.array(RollEventSchema) })),
  expires_at: z.string(),
  claimed: z.boolean(),
  /** When the rolls were added to the customer's account (they are no longer the order's then); null before. */
  claimed_at: z.string().nullable(),
  /** The link's controls: with downloads off every shot's original (`version.url`) is null. */
  link: PublicLinkSchema,
});
export type PublicOrder = z.infer<typeof PublicOrderSchema>;

/** Body of POST orders/claim: the code of the order's link, from the customer signed in with the order's email. */
export const ClaimOrderSchema = z.object({ code: z.string().min(1).max(200) });
export const ClaimedSchema = z.object({ films: z.array(z.object({ id: z.string(), name: z.string() })) });

/**
 * POST orders/ws-ticket: a single-use ticket for the lab's orders feed, `/ws/{feed}?token=` (its orders' changes and
 * its order rolls' scans arriving, processing and done), which only that lab can open.
 */
export const OrdersFeedTicketSchema = WsTicketSchema.extend({ feed: z.string() });
export type OrdersFeedTicket = z.infer<typeof OrdersFeedTicketSchema>;
