import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import { gearRoutes } from "./gear.routes.ts";
import { createGearService } from "./gear.service.ts";

/** Cameras and lenses (`cameras`, `lenses`). */
export async function gearModule(ctx: ModuleContext, deps: { entitlements: EntitlementsService }) {
  const gear = createGearService({ db: ctx.platform.db, entitlements: deps.entitlements });
  await ctx.api((api) => gearRoutes(api, { gear, requireScopes: ctx.requireScopes }));
  return gear;
}
