import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { mediaRoutes } from "./media.routes.ts";

/** Stored files behind signed, expiring links (`/media/…`): pictures, scans, previews, thumbnails. */
export function mediaModule({ platform, root }: ModuleContext) {
  mediaRoutes(root, { store: platform.store, signer: platform.signer });
}
