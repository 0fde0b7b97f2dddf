import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { gearRoutes } from "./gear.routes.ts";
import { createGearService } from "./gear.service.ts";
import { deleteAllGearOfUser } from "./gear.store.ts";

/** Cameras and lenses (`cameras`, `lenses`). */
export async function gearModule(ctx: ModuleContext, deps: { entitlements: EntitlementsService; users: UsersService }) {
  const gear = createGearService({ db: ctx.platform.db, entitlements: deps.entitlements });
  deps.users.deleting.add(async ({ userId, deleted }) => {
    const n = await deleteAllGearOfUser(ctx.platform.db, userId);
    deleted("cameras", n.cameras);
    deleted("lenses", n.lenses);
  });
  await ctx.api((api) => gearRoutes(api, { gear, requireScopes: ctx.requireScopes }));
  return gear;
}
