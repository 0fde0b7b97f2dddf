import { z } from "zod";
import { FrameExposureSchema, ShotExposureSchema } from "../frame-exposure.ts";
import { FRAME_LOG_FORMATS, LoggedRollSummarySchema } from "./frame-log.ts";
import { MATCH_ORDERS, MATCH_REASONS } from "./match-frames.ts";
import { FRAME_LOG_MAX_BYTES } from "./read-frame-log.ts";

/** POST /api/film/{id}/frame-log: the log file's text and name; nothing is written. */
export const FrameLogPreviewBodySchema = z.object({
  file_name: z.string().trim().max(255).default(""),
  text: z.string().min(1, "The file is empty").max(FRAME_LOG_MAX_BYTES, "The file is larger than 2 MB"),
  /** Which roll of a log holding several (Film Rolls, Lightme), by its place in `rolls`. */
  roll: z.number().int().min(0).max(10_000).default(0),
  order: z.enum(MATCH_ORDERS).default("auto"),
  /** The zone a log's local times (without an offset) were written in: the browser's ("Europe/Madrid"). */
  time_zone: z.string().trim().max(64).optional(),
});
export type FrameLogPreviewBody = z.input<typeof FrameLogPreviewBodySchema>;

export const LoggedFrameSchema = z.object({
  frame: z.number(),
  /** Only what the log noted, each field as the shot form would take it. */
  exposure: ShotExposureSchema.partial(),
  camera: z.string().nullable(),
  lens: z.string().nullable(),
});

export const FrameLogPreviewSchema = z.object({
  format: z.enum(FRAME_LOG_FORMATS),
  rolls: z.array(LoggedRollSummarySchema),
  roll: z.number(),
  frames: z.array(LoggedFrameSchema),
  pairs: z.array(z.object({ frame: z.number(), index: z.number() })),
  unmatched_frames: z.array(z.number()),
  unmatched_shots: z.array(z.number()),
  offset: z.number(),
  reversed: z.boolean(),
  reasons: z.array(z.enum(MATCH_REASONS)),
  needs_review: z.boolean(),
});
export type FrameLogPreview = z.infer<typeof FrameLogPreviewSchema>;

/** POST /api/film/{id}/frame-log/apply: the pairs the photographer confirmed, each with the exposure to write. */
export const ApplyFrameLogBodySchema = z.object({
  pairs: z
    .array(z.object({ frame: z.number().int().min(0).max(9999), index: z.number().int().min(1), exposure: FrameExposureSchema }))
    .min(1, "Confirm at least one frame")
    .max(500)
    .refine((pairs) => new Set(pairs.map((p) => p.index)).size === pairs.length, { message: "Each shot takes one logged frame" }),
});
export type ApplyFrameLogBody = z.input<typeof ApplyFrameLogBodySchema>;
