import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { createEntitlementsService } from "./entitlements.service.ts";

/** Plans and their limits: no routes of its own; the features that add rows ask it for room. */
export function entitlementsModule({ platform }: ModuleContext) {
  return createEntitlementsService({ db: platform.db });
}
