import { z } from "zod";
import { FORMATS, MAX_SHOTS_PER_ROLL, PROCESSES, PUSH_PULL_MAX, PUSH_PULL_MIN } from "./film-config.ts";
import { FrameExposureSchema, ShotExposureSchema } from "./frame-exposure.ts";
import { ROLL_STATUSES, RollEventSchema } from "./roll-life.ts";

/** Image types a scan may have; the server checks the bytes, not the declared type. */
export const SHOT_CONTENT_TYPES = ["image/jpeg", "image/tiff", "image/png", "image/webp"] as const;
export type ShotContentType = (typeof SHOT_CONTENT_TYPES)[number];

/** Default largest scan (spec §5, §9): 200 MB. */
export const DEFAULT_MAX_SHOT_BYTES = 209_715_200;

export const SHOT_STATES = ["uploading", "pending", "done", "error"] as const;
export type ShotState = (typeof SHOT_STATES)[number];

/**
 * Why a shot is in `error`: the web app shows its own translated text by code, `error_message` keeps the English.
 * unsupported-file-type: the first bytes are not a JPEG, TIFF, PNG or WebP; image-too-large: more pixels than the
 * server decodes; image-damaged: the file cannot be read as an image; processing-failed: the preview could not be
 * made; upload-incomplete: the sent parts could not be joined; upload-stalled: no part arrived for too long.
 */
export const SHOT_ERROR_CODES = [
  "unsupported-file-type",
  "image-too-large",
  "image-damaged",
  "processing-failed",
  "upload-incomplete",
  "upload-stalled",
] as const;
export type ShotErrorCode = (typeof SHOT_ERROR_CODES)[number];

/** The English text kept in `error_message` for each code (image-too-large says the limit in its own words). */
export const SHOT_ERROR_MESSAGES: Record<ShotErrorCode, string> = {
  "unsupported-file-type": "The file is not a supported image (JPEG, TIFF, PNG or WebP)",
  "image-too-large": "The image has more pixels than can be processed",
  "image-damaged": "The image file is damaged or not a supported image",
  "processing-failed": "The image could not be processed",
  "upload-incomplete": "The upload could not be completed",
  "upload-stalled": "The upload stopped: no part of the file arrived for too long",
};

const id = z.string().min(1).max(64);
const pushPull = z.coerce.number().int().min(PUSH_PULL_MIN).max(PUSH_PULL_MAX);

/** The fields of a roll as the owner edits them; creation adds defaults, an update takes any subset. */
const FilmFieldsSchema = z.object({
  name: z.string().trim().max(120),
  brand: z.string().trim().min(1).max(80),
  model: z.string().trim().min(1).max(80),
  iso: z.coerce.number().int().min(1).max(102400),
  format: z.enum(FORMATS),
  n_exp: z.coerce.number().int().min(1),
  process: z.enum(PROCESSES),
  push_pull: pushPull,
  month: z.coerce.number().int().min(1).max(12).nullable(),
  year: z.coerce.number().int().min(1850).max(2100).nullable(),
  scanner: z.string().trim().max(120).nullable(),
  camera_id: id.nullable(),
  lens_id: id.nullable(),
});

export const NewFilmSchema = FilmFieldsSchema.partial({
  n_exp: true,
  month: true,
  year: true,
  scanner: true,
  camera_id: true,
  lens_id: true,
})
  .extend({ name: FilmFieldsSchema.shape.name.default(""), push_pull: pushPull.default(0) })
  .refine((f) => f.n_exp === undefined || f.n_exp <= MAX_SHOTS_PER_ROLL[f.format], {
    path: ["n_exp"],
    message: "More exposures than a roll of this format can hold",
    params: { key: "n-exp-format" },
  });
export type NewFilm = z.infer<typeof NewFilmSchema>;

export const UpdateFilmSchema = FilmFieldsSchema.partial();
export type UpdateFilm = z.infer<typeof UpdateFilmSchema>;

export const ShotVersionSchema = z.object({
  url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  format: z.string().nullable(),
});

export const ShotSchema = z.object({
  id: z.string(),
  index: z.number(),
  state: z.enum(SHOT_STATES),
  error_message: z.string().nullable(),
  error_code: z.enum(SHOT_ERROR_CODES).nullable(),
  version: ShotVersionSchema,
  size: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  camera_id: z.string().nullable(),
  lens_id: z.string().nullable(),
  scanner: z.string().nullable(),
  push_pull: z.number().nullable(),
  kept: z.boolean(),
  file_name: z.string().nullable(),
  /** How the frame was exposed, as the photographer noted it (issue 28). */
  exposure: ShotExposureSchema,
});
export type Shot = z.infer<typeof ShotSchema>;

export const FilmSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  iso: z.number(),
  format: z.enum(FORMATS),
  n_exp: z.number(),
  process: z.enum(PROCESSES),
  push_pull: z.number(),
  month: z.number().nullable(),
  year: z.number().nullable(),
  scanner: z.string().nullable(),
  camera_id: z.string().nullable(),
  lens_id: z.string().nullable(),
  sticker_hash: z.string().nullable(),
  /** A lab's roll: the order it belongs to (null for a photographer's own). */
  order_id: z.string().nullable(),
  /** A roll a photographer added from a lab's order: that lab's name. */
  from_lab_name: z.string().nullable(),
  /** Where the roll is in its life (issue 29): the last step of its timeline; null before its first. */
  status: z.enum(ROLL_STATUSES).nullable(),
  /** Where its negatives are in the owner's archive ("Binder 3 / page 12"). */
  storage_location: z.string().nullable(),
  shot_count: z.number(),
  cover_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Film = z.infer<typeof FilmSchema>;

export const FilmDetailSchema = FilmSchema.extend({ shots: z.array(ShotSchema) });
export type FilmDetail = z.infer<typeof FilmDetailSchema>;

/** What a public page learns of its link's controls (GET public/film, GET public/order). */
export const PublicLinkSchema = z.object({ has_password: z.boolean(), downloads: z.boolean(), guest_answers: z.boolean() });
export type PublicLink = z.infer<typeof PublicLinkSchema>;

/** GET public/film: the shared roll; `timeline` is its history when the owner chose to show it, else null. */
export const PublicFilmSchema = FilmDetailSchema.extend({
  timeline: z.array(RollEventSchema).nullable(),
  /** The link's controls: with downloads off every shot's original (`version.url`) is null. */
  link: PublicLinkSchema,
});
export type PublicFilm = z.infer<typeof PublicFilmSchema>;

export const ListFilmsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  format: z.enum(FORMATS).optional(),
  process: z.enum(PROCESSES).optional(),
  year: z.coerce.number().int().min(1850).max(2100).optional(),
});
export type ListFilmsQuery = z.infer<typeof ListFilmsQuerySchema>;

export const UploadRequestSchema = z.object({
  content_type: z.enum(SHOT_CONTENT_TYPES),
  content_length: z.coerce.number().int().min(1),
  file_name: z.string().trim().max(255).optional(),
});
export const UploadResponseSchema = z.object({ max_upload_size: z.number(), urls: z.array(z.string()), upload_id: z.string() });
export type UploadRequest = z.infer<typeof UploadRequestSchema>;
/**
 * The upload's chunks: chunk n is `file.slice(n * max_upload_size, (n + 1) * max_upload_size)`, sent as raw bytes
 * by PUT to `urls[n]` with the user's bearer token.
 */
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/**
 * GET uploads/{uploadId}, and each entry of GET film/{id}/uploads (a roll's unfinished uploads): what the server
 * already holds of an upload, so a page reloaded mid-way sends only the parts in `missing`. `urls` are those of the
 * start's answer (part n at `urls[n - 1]`, cut at `max_upload_size`).
 */
export const UploadStatusSchema = z.object({
  upload_id: z.string(),
  film_id: z.string(),
  index: z.number(),
  file_name: z.string().nullable(),
  content_type: z.string(),
  content_length: z.number(),
  max_upload_size: z.number(),
  urls: z.array(z.string()),
  /** Part numbers (from 1) the server has stored. */
  received: z.array(z.number()),
  /** Part numbers still to send. */
  missing: z.array(z.number()),
  /** Every part arrived and the file was joined (the shot moved on to processing). */
  complete: z.boolean(),
});
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

/** Answer to PUT uploads/{uploadId}/{part}: the part stored, how many of the upload's parts arrived, and whether that was the last. */
export const UploadPartReceiptSchema = z.object({ part: z.number(), received: z.number(), parts: z.number(), complete: z.boolean() });
export type UploadPartReceipt = z.infer<typeof UploadPartReceiptSchema>;

export const ShotUpdateSchema = z.object({
  index: z.coerce.number().int().min(1).optional(),
  camera_id: id.nullish(),
  lens_id: id.nullish(),
  scanner: z.string().trim().max(120).nullish(),
  push_pull: pushPull.nullish(),
  kept: z.boolean().optional(),
  /** Exposure fields to set (null clears one; one left out stays as it is). */
  exposure: FrameExposureSchema.optional(),
});
/** PUT film//shot/{id}: one shot's changes, or several under `shots` (the same exposure for many frames at once). */
export const UpdateShotsBodySchema = ShotUpdateSchema.extend({
  /**
   * Several shots' changes at once (the fields beside it are then ignored). One object rather than a union of the
   * two shapes, so a wrong field deep in `shots` is named as such (`shots.3.exposure.aperture`).
   */
  shots: z.array(ShotUpdateSchema).min(1).max(100).optional(),
});
export type ShotUpdate = z.infer<typeof ShotUpdateSchema>;

export const ZipDataSchema = z.object({
  name: z.string(),
  compression_rate: z.number(),
  size: z.number(),
  zip_url: z.string(),
  files: z.array(z.object({ file_name: z.string(), file_url: z.string() })),
});
export type ZipData = z.infer<typeof ZipDataSchema>;

export const SHARE_DEFAULT_MINUTES = 60;
export const SHARE_MAX_MINUTES = 60 * 24 * 30;
export const ShareQuerySchema = z.object({
  expiration: z.coerce.number().int().min(1).max(SHARE_MAX_MINUTES).default(SHARE_DEFAULT_MINUTES),
});

/** Expiry presets of a link (issue 31); "never" comes with a paid plan, as does a date more than 30 days ahead. */
export const SHARE_EXPIRY_PRESETS = ["1d", "7d", "30d", "never"] as const;
export type ShareExpiryPreset = (typeof SHARE_EXPIRY_PRESETS)[number];
/** The expiry a link that never expires is stored and answered with (`never_expires` says so). */
export const SHARE_NEVER_EXPIRES_AT = "9999-12-31T23:59:59.000Z";
/** Minutes a link may last on the free plan (longer, or never, needs a paid plan). */
export const SHARE_FREE_MAX_MINUTES = SHARE_MAX_MINUTES;
/** A link's password: hashed with scrypt, never answered. */
export const SHARE_PASSWORD_MIN = 4;
export const SHARE_PASSWORD_MAX = 128;

/**
 * Optional JSON body of POST film/{id}/share and of the order's share and send, and the body of PUT
 * film/{id}/shares/{shareId} and PUT orders/{id}/link: a field left out is the default (new link) or unchanged (edit).
 * `password: null` (or "") removes it. `expiry` (a preset) or `expires_at` (a date), not both.
 */
export const ShareSettingsSchema = z
  .object({
    password: z
      .union([z.literal(""), z.string().min(SHARE_PASSWORD_MIN).max(SHARE_PASSWORD_MAX)])
      .nullish()
      .describe("The link's password; null or empty removes it"),
    downloads: z.boolean().optional().describe("Whether the link offers the zip and the originals (default true)"),
    guest_answers: z.boolean().optional().describe("Whether visitors may favourite and comment (default true)"),
    expiry: z.enum(SHARE_EXPIRY_PRESETS).optional(),
    expires_at: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((body) => body.expiry === undefined || body.expires_at === undefined, {
    message: "Give expiry or expires_at, not both",
    path: ["expires_at"],
  });
export type ShareSettings = z.infer<typeof ShareSettingsSchema>;

/** POST public/film/unlock and public/order/unlock: the link's password, once per browser session. */
export const UnlockSchema = z.object({ password: z.string().min(1).max(200) });

/** A link's settings as its owner sees them: never the password itself, only whether there is one. */
export const LinkSettingsSchema = z.object({
  has_password: z.boolean(),
  downloads: z.boolean(),
  guest_answers: z.boolean(),
  never_expires: z.boolean(),
  expires_at: z.string(),
});
export type LinkSettings = z.infer<typeof LinkSettingsSchema>;

/** Answer to POST film/{id}/share: the code of the public link, the link's id (to revoke it), when it ends, its settings. */
export const FilmShareSchema = LinkSettingsSchema.extend({ id: z.string(), code: z.string() });
export type FilmShare = z.infer<typeof FilmShareSchema>;

/** A share link as its owner sees it: `revoked` wins over `expired` (a revoked link never opens again). */
export const SHARE_LINK_STATUSES = ["active", "expired", "revoked"] as const;
export type ShareLinkStatus = (typeof SHARE_LINK_STATUSES)[number];

/** One entry of GET film/{id}/shares (the roll's owner only; the code itself is never shown again). */
export const ShareLinkSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Times the shared roll was opened (each load of the public page; its own refreshes are not counted). */
  opens: z.number(),
  status: z.enum(SHARE_LINK_STATUSES),
  has_password: z.boolean(),
  downloads: z.boolean(),
  guest_answers: z.boolean(),
  never_expires: z.boolean(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;
export const ShareLinkListSchema = z.array(ShareLinkSchema);

/** GET public/film: `refresh=1` when the open page fetches the roll again (fresh links), so it is not counted as an open. */
export const PublicFilmQuerySchema = z.object({ refresh: z.literal("1").optional() });
export type PublicFilmQuery = z.infer<typeof PublicFilmQuerySchema>;

/** Answer to POST film/{id}/ws-ticket and public/film/ws-ticket: a single-use ticket for the roll's realtime feed. */
export const WsTicketSchema = z.object({ ticket: z.string(), expires_in: z.number() });

/**
 * The realtime feed of everything one account owns, `/ws/{ownerFeedId}` (a roll's own feed is `/ws/{roll id}`): its
 * rolls' shot events and its orders' changes. A lab's order screens follow it: one feed for every order, where a feed
 * per roll would be dozens. Once a customer collects an order its rolls' shots are theirs, and so are their events.
 */
export const ownerFeedId = (userId: string) => `owner:${userId}`;
export type WsTicket = z.infer<typeof WsTicketSchema>;

/** Zip entry names: whitespace becomes dashes (spec §5). */
export function zipSafeName(name: string): string {
  return (
    name
      .trim()
      .replace(/\s+/g, "-")
      .replace(/[/\\:*?"<>|]/g, "_") || "film"
  );
}
