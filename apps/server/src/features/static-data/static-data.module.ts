import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { staticDataRoutes } from "./static-data.routes.ts";

/** Film stocks, scanners, countries and states (`static/…`). */
export async function staticDataModule(ctx: ModuleContext) {
  await ctx.api((api) => staticDataRoutes(api));
}
