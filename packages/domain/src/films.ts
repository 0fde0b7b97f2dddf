import { z } from "zod";
import { FORMATS, MAX_SHOTS_PER_ROLL, PROCESSES, PUSH_PULL_MAX, PUSH_PULL_MIN } from "./film-config.ts";

/** Image types a scan may have; the server checks the bytes, not the declared type. */
export const SHOT_CONTENT_TYPES = ["image/jpeg", "image/tiff", "image/png", "image/webp"] as const;
export type ShotContentType = (typeof SHOT_CONTENT_TYPES)[number];

/** Default largest scan (spec §5, §9): 200 MB. */
export const DEFAULT_MAX_SHOT_BYTES = 209_715_200;

export const SHOT_STATES = ["uploading", "pending", "done", "error"] as const;
export type ShotState = (typeof SHOT_STATES)[number];

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
  shot_count: z.number(),
  cover_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Film = z.infer<typeof FilmSchema>;

export const FilmDetailSchema = FilmSchema.extend({ shots: z.array(ShotSchema) });
export type FilmDetail = z.infer<typeof FilmDetailSchema>;

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
});
/** PUT film//shot/{id}: one shot's changes, or several under `shots`. */
export const UpdateShotsBodySchema = z.union([z.object({ shots: z.array(ShotUpdateSchema).min(1).max(100) }), ShotUpdateSchema]);
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
/** Answer to POST film/{id}/share: the code of the public link and when it ends. */
export const FilmShareSchema = z.object({ code: z.string(), expires_at: z.string() });
export type FilmShare = z.infer<typeof FilmShareSchema>;

/** Answer to POST film/{id}/ws-ticket and public/film/ws-ticket: a single-use ticket for the roll's realtime feed. */
export const WsTicketSchema = z.object({ ticket: z.string(), expires_in: z.number() });
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
