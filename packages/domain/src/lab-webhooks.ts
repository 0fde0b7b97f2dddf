import { z } from "zod";

/**
 * Webhooks out (issue 30): a lab's systems hear of its orders and rolls through signed HTTP calls following the
 * Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`, `whsec_` secrets).
 */
export const WEBHOOK_EVENT_TYPES = [
  "order.created",
  "order.shared",
  "order.sent",
  "order.collected",
  "roll.status_changed",
  "scans.ready",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What "Send test event" sends, to the one endpoint asked, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

/** Most endpoints one lab registers: a few systems (point of sale, lab software, an automation tool) and their tests. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
export const WEBHOOK_URL_MAX = 2000;

/**
 * Seconds after each failed attempt before the next (Standard Webhooks' suggested schedule): eight attempts over
 * about 28 hours in all, so a receiver down for a day still gets the event. After the last failure the delivery is
 * `failed` (exhausted).
 */
export const WEBHOOK_RETRY_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/**
 * An endpoint is disabled when a delivery to it is exhausted and no delivery to it has succeeded for this many days
 * (every attempt failed since): a receiver gone for good stops costing retries, and the lab is mailed.
 */
export const WEBHOOK_DISABLE_AFTER_DAYS = 5;

const text = (max: number) => z.string().trim().max(max);
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, { message: "Choose at least one event" })
  .transform((list) => [...new Set(list)]);
const url = text(WEBHOOK_URL_MAX).min(1);

/** Body of POST lab/webhooks: where to call, a note for the lab, which events. */
export const NewWebhookEndpointSchema = z.object({
  url,
  description: text(200).optional().default(""),
  events,
});
export type NewWebhookEndpoint = z.infer<typeof NewWebhookEndpointSchema>;

/** Body of PUT lab/webhooks/{id}: any of the address, note, events, and turning it on or off. */
export const UpdateWebhookEndpointSchema = z.object({
  url: url.optional(),
  description: text(200).optional(),
  events: events.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it is off: the lab turned it off, or Latent did after its deliveries failed for days. */
  disabled_reason: z.enum(["lab", "failing"]).nullable(),
  /** The newest delivery's outcome, for the list. */
  last_delivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), status_code: z.number().int().nullable(), at: z.string() })
    .nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The endpoint as made, with its signing secret: shown in this answer only. */
export const NewWebhookEndpointResultSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type NewWebhookEndpointResult = z.infer<typeof NewWebhookEndpointResultSchema>;
/** POST lab/webhooks/{id}/secret: the new secret, shown once; the previous one stops signing at once. */
export const WebhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

/** One try of a delivery: when, the receiver's status code or the network error, how long it took. */
export const WebhookAttemptSchema = z.object({
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same for every attempt and resend of one event (the receiver's idempotency key). */
  event_id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.array(WebhookAttemptSchema),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  /** The JSON body as sent. */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** GET lab/webhooks/{id}/deliveries: newest first; `before` is the previous page's `next`. */
export const ListWebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
  before: z.string().max(200).optional(),
});
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuerySchema>;
export const WebhookDeliveriesPageSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  /** The cursor of the next (older) page; null on the last. */
  next: z.string().nullable(),
});
export type WebhookDeliveriesPage = z.infer<typeof WebhookDeliveriesPageSchema>;

/** An event as a receiver gets it (the body of the POST). */
export interface WebhookPayload {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}
