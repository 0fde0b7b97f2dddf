import type { Camera, CameraMetadataSchema, Lens, LensMetadataSchema } from "@latent/domain/gear";
import type { z } from "zod";

/** Cameras and lenses are one resource shape at two paths (`/api/cameras`, `/api/lenses`). */
export type GearKind = "cameras" | "lenses";

export interface GearOf {
  cameras: Camera;
  lenses: Lens;
}

export interface GearMetadataOf {
  cameras: z.input<typeof CameraMetadataSchema>;
  lenses: z.input<typeof LensMetadataSchema>;
}

export const gearQueryKey = (kind: GearKind) => ["gear", kind] as const;
