import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import { usersRoutes } from "./users.routes.ts";
import { createUsersService } from "./users.service.ts";

/** The caller's profile (`user/`), created from the token's claims on the first authenticated request. */
export async function usersModule(ctx: ModuleContext, deps: { entitlements: EntitlementsService }) {
  const { db, store, signer } = ctx.platform;
  const users = createUsersService({ db, store, signer, entitlements: deps.entitlements });
  ctx.callerSeen.add((caller) => users.ensure(caller));
  await ctx.api((api) => usersRoutes(api, { users, requireScopes: ctx.requireScopes }));
  return users;
}
