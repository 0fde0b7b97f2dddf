import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { type MediaTransform, mediaRoutes } from "./media.routes.ts";

/**
 * Stored files behind signed, expiring links (`/media/…`): pictures, scans, previews, thumbnails. Answers where
 * later features register what they serve in place of a stored object (a scan with its metadata written in).
 */
export function mediaModule({ platform, root }: ModuleContext) {
  const transforms: MediaTransform[] = [];
  mediaRoutes(root, { store: platform.store, signer: platform.signer, transforms });
  return { serveWith: (transform: MediaTransform) => transforms.push(transform) };
}
