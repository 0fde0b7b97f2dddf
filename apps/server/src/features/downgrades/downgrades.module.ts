import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { downgradesRoutes } from "./downgrades.routes.ts";
import { createDowngradesService } from "./downgrades.service.ts";

/** Storage clean-up after a move to a smaller plan: started by a plan change, run daily, or at once by the user. */
export async function downgradesModule(
  ctx: ModuleContext,
  deps: { users: UsersService; shots: ShotsService; entitlements: EntitlementsService },
) {
  const downgrades = createDowngradesService({ ...deps, log: ctx.platform.log });
  deps.entitlements.planChanged.add(({ userId }) => downgrades.planChanged(userId));
  ctx.platform.jobs.define({
    name: "downgrades.clean-up-storage",
    payload: z.object({}),
    schedule: "41 3 * * *",
    run: () => downgrades.runDaily(),
  });
  await ctx.api((api) => downgradesRoutes(api, { downgrades, requireScopes: ctx.requireScopes }));
  return downgrades;
}
