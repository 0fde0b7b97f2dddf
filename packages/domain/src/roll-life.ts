import { z } from "zod";

/**
 * A roll's life from camera to archive (issue 29), in order. The roll's status is the last step of its history; the
 * history is append-only. `returned` and `archived` end it: the negatives went back to the photographer, or the lab
 * keeps them until a date (and may still return them later).
 */
export const ROLL_STATUSES = ["loaded", "shot", "sent", "received", "developed", "scanned", "delivered", "returned", "archived"] as const;
export type RollStatus = (typeof ROLL_STATUSES)[number];

/**
 * Who makes a step: the roll's owner (the photographer), the lab of the roll's order, or Latent itself (a roll is
 * scanned when its last upload finished processing, delivered when its order is sent or added by the customer).
 */
export const ROLL_ACTORS = ["owner", "lab", "system"] as const;
export type RollActor = (typeof ROLL_ACTORS)[number];

/** The steps each actor may make, by the status the roll has now (`null`: no status yet). */
const OWNER_STEPS: Record<RollStatus | "none", readonly RollStatus[]> = {
  none: ["loaded", "shot", "sent"],
  loaded: ["shot", "sent"],
  shot: ["sent"],
  sent: [],
  received: [],
  developed: [],
  scanned: [],
  delivered: [],
  returned: [],
  archived: [],
};
const LAB_STEPS: Record<RollStatus | "none", readonly RollStatus[]> = {
  none: ["received"],
  loaded: [],
  shot: ["received"],
  sent: ["received"],
  received: ["developed"],
  developed: ["scanned"],
  scanned: ["delivered"],
  delivered: ["returned", "archived"],
  returned: [],
  archived: ["returned"],
};
const SYSTEM_STEPS: Record<RollStatus | "none", readonly RollStatus[]> = {
  none: ["scanned"],
  loaded: ["scanned"],
  shot: ["scanned"],
  sent: [],
  received: ["scanned"],
  developed: ["scanned"],
  scanned: ["delivered"],
  delivered: [],
  returned: [],
  archived: [],
};
const STEPS: Record<RollActor, Record<RollStatus | "none", readonly RollStatus[]>> = {
  owner: OWNER_STEPS,
  lab: LAB_STEPS,
  system: SYSTEM_STEPS,
};

/** The steps `actor` may take from `status` (null: a roll with no status yet). */
export function nextSteps(status: RollStatus | null, actor: RollActor): readonly RollStatus[] {
  return STEPS[actor][status ?? "none"];
}

/** Whether `actor` may move a roll from `from` to `to`. */
export function canStep(from: RollStatus | null, to: RollStatus, actor: RollActor): boolean {
  return nextSteps(from, actor).includes(to);
}

/**
 * The one step a lab's companion offers as its big button for a roll in this status ("Mark developed"), or null when
 * the lab has nothing more to do (returned, or not yet received and not sent to it).
 */
export function labNextStep(status: RollStatus | null): RollStatus | null {
  const steps = nextSteps(status, "lab");
  return steps[0] ?? null;
}

const text = (max: number) => z.string().trim().max(max);
/** A carrier's tracking number: letters, digits, spaces and dashes. */
const tracking = text(60).regex(/^[A-Za-z0-9 -]*$/, { message: "Letters, digits, spaces and dashes only" });
const isoDate = z.iso.date();

/**
 * Body of POST film/{id}/status (the owner) and POST lab/films/{id}/status (the lab of the roll's order). The fields a
 * step takes: `camera` for loaded, `lab_id` (required) and `tracking` for sent, `tracking` for returned, `held_until`
 * (required, a future date) for archived.
 */
export const RollStepSchema = z.object({
  status: z.enum(ROLL_STATUSES),
  camera: text(120).optional(),
  lab_id: z.string().min(1).max(64).optional(),
  tracking: tracking.optional(),
  held_until: isoDate.optional(),
  note: text(500).optional(),
});
export type RollStep = z.infer<typeof RollStepSchema>;

/** One step of a roll's history, as the roll page, the shared roll and the order show it. */
export const RollEventSchema = z.object({
  id: z.string(),
  status: z.enum(ROLL_STATUSES),
  actor: z.enum(ROLL_ACTORS),
  /** Who: the photographer's or the lab's display name; null for Latent's own steps. */
  by: z.string().nullable(),
  lab_id: z.string().nullable(),
  lab_name: z.string().nullable(),
  camera: z.string().nullable(),
  tracking: z.string().nullable(),
  held_until: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type RollEvent = z.infer<typeof RollEventSchema>;

/** GET film/{id}/timeline: the roll's status, its history (oldest first), and the steps the caller may take now. */
export const RollTimelineSchema = z.object({
  status: z.enum(ROLL_STATUSES).nullable(),
  events: z.array(RollEventSchema),
  next: z.array(z.enum(ROLL_STATUSES)),
  /** Whether the shared roll shows this timeline (the owner's choice). */
  shared: z.boolean(),
  /** The negatives' place in the owner's archive ("Binder 3 / page 12"). */
  storage_location: z.string().nullable(),
  /** A lab holding the negatives: until when; the photographer may ask for them back. */
  held_until: z.string().nullable(),
  return_requested_at: z.string().nullable(),
});
export type RollTimeline = z.infer<typeof RollTimelineSchema>;

/** PUT film/{id}/life: the owner's settings of a roll's life (timeline on the shared roll, where the negatives are). */
export const RollLifeSettingsSchema = z
  .object({
    timeline_shared: z.boolean().optional(),
    storage_location: text(120).nullable().optional(),
  })
  .refine((v) => v.timeline_shared !== undefined || v.storage_location !== undefined, {
    message: "Nothing to change: send timeline_shared or storage_location",
  });
export type RollLifeSettings = z.infer<typeof RollLifeSettingsSchema>;

/** GET film/storage-locations?q=: the owner's earlier locations, most used first, for suggestions. */
export const StorageLocationsSchema = z.array(z.string());

/**
 * GET lab/stickers/{shortId}: what a lab's companion shows after scanning a sticker. `action` is the big button:
 * `advance` to `next`, `receive` (a customer's roll sent to this lab, not yet in an order: receiving it creates the
 * order), or `none` with `reason`.
 */
export const LabStickerLookupSchema = z.object({
  film: z.object({
    id: z.string(),
    name: z.string(),
    stock: z.string(),
    format: z.string(),
    customer: z.string(),
  }),
  order_id: z.string().nullable(),
  status: z.enum(ROLL_STATUSES).nullable(),
  action: z.enum(["advance", "receive", "none"]),
  next: z.enum(ROLL_STATUSES).nullable(),
  reason: z.enum(["not-yours", "finished"]).nullable(),
});
export type LabStickerLookup = z.infer<typeof LabStickerLookupSchema>;

/** How many days before a lab's hold ends the photographer is reminded. */
export const HOLD_REMINDER_DAYS = [14, 3] as const;

/** GET film/storage-locations?q=: what the owner typed so far (empty: their most used). */
export const StorageLocationsQuerySchema = z.object({ q: text(120).optional().default("") });
export type StorageLocationsQuery = z.infer<typeof StorageLocationsQuerySchema>;
/** At most this many suggestions come back. */
export const MAX_STORAGE_SUGGESTIONS = 10;

/**
 * POST lab/stickers/{shortId}/receive: a customer's roll sent to the lab, received by its sticker. The lab's new
 * order for that customer (its reference is the sticker's short id) and the roll's timeline as the lab sees it.
 */
export const LabReceivedSchema = z.object({ order_id: z.string(), film_id: z.string(), timeline: RollTimelineSchema });
export type LabReceived = z.infer<typeof LabReceivedSchema>;

/** The 409 text of a step that is not allowed: "A roll that is developed cannot be marked shot". */
export function stepRefusal(from: RollStatus | null, to: RollStatus): string {
  return from === null ? `A roll with no status yet cannot be marked ${to}` : `A roll that is ${from} cannot be marked ${to}`;
}
