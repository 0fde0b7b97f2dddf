import { z } from "zod";
import { APERTURES, DEFAULT_FRAME_SIZE, FORMATS, isFrameSizeOf } from "./film-config.ts";

/** The two kinds of gear, as their API paths name them; the plan counts them together. */
export const GEAR_KINDS = ["cameras", "lenses"] as const;
export type GearKind = (typeof GEAR_KINDS)[number];

export const CAMERA_TYPES = [
  "slr",
  "rangefinder",
  "tlr",
  "point-and-shoot",
  "medium-format",
  "view",
  "half-frame",
  "instant",
  "other",
] as const;

const name = z.string().trim().min(1).max(80);

export const CameraMetadataSchema = z
  .object({
    brand: name,
    model: name,
    type: z.enum(CAMERA_TYPES).default("slr"),
    format: z.enum(FORMATS).default("135"),
    frame_size: z.string().trim().min(1).default(DEFAULT_FRAME_SIZE),
  })
  .refine((c) => isFrameSizeOf(c.format, c.frame_size), {
    path: ["frame_size"],
    message: "The frame size does not belong to the format",
    params: { key: "frame-size-format" },
  });
export type CameraMetadata = z.infer<typeof CameraMetadataSchema>;

const aperture = z.coerce
  .number()
  .refine((n) => (APERTURES as readonly number[]).includes(n), { message: "Not an aperture of the list", params: { key: "aperture" } });
const focal = z.coerce.number().int().min(1).max(5000);

export const LensMetadataSchema = z
  .object({
    brand: name,
    model: name,
    min_focal: focal,
    max_focal: focal,
    max_aperture: aperture,
    min_aperture: aperture.nullish(),
  })
  .refine((l) => l.max_focal >= l.min_focal, {
    path: ["max_focal"],
    message: "The maximum focal length must not be shorter than the minimum",
    params: { key: "focal-order" },
  })
  .refine((l) => l.min_aperture == null || l.min_aperture >= l.max_aperture, {
    path: ["min_aperture"],
    message: "The minimum aperture must be a larger f-number than the maximum aperture",
    params: { key: "aperture-order" },
  });
export type LensMetadata = z.infer<typeof LensMetadataSchema>;

/** Gear bodies are `{metadata: {...}}`; a flat object of the same fields is accepted too. */
function metadataBody<T extends z.ZodType>(metadata: T) {
  return z.preprocess(
    (body) => (body && typeof body === "object" && !("metadata" in body) ? { metadata: body } : body),
    z.object({ metadata }),
  );
}

export const CameraBodySchema = metadataBody(CameraMetadataSchema);
export type CameraBody = z.infer<typeof CameraBodySchema>;
export const LensBodySchema = metadataBody(LensMetadataSchema);
export type LensBody = z.infer<typeof LensBodySchema>;

export const CameraSchema = z.object({ id: z.string(), name: z.string(), metadata: CameraMetadataSchema, created_at: z.string() });
export type Camera = z.infer<typeof CameraSchema>;
export const LensSchema = z.object({ id: z.string(), name: z.string(), metadata: LensMetadataSchema, created_at: z.string() });
export type Lens = z.infer<typeof LensSchema>;

export const GearIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Display name of a piece of gear (spec §3: brand plus model). */
export function gearName(m: { brand: string; model: string }): string {
  return `${m.brand} ${m.model}`.trim();
}

/** Gear lookup by name match on brand and model (spec §5). */
export function matchesGear(m: { brand: string; model: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === "" || gearName(m).toLowerCase().includes(q);
}
