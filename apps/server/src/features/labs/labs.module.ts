import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { labsRoutes } from "./labs.routes.ts";
import { createLabsService } from "./labs.service.ts";

/** Photo labs (`labs/…`): profile, directory and email template. */
export async function labsModule(ctx: ModuleContext) {
  const { db, store, signer } = ctx.platform;
  const labs = createLabsService({ db, store, signer });
  await ctx.api((api) => labsRoutes(api, { labs, requireScopes: ctx.requireScopes }));
  return labs;
}
