import { AppError } from "../../platform/http/app-error.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import { usersRoutes } from "./users.routes.ts";
import { createUsersService } from "./users.service.ts";

/** The caller's profile (`user/`), created from the token's claims on the first authenticated request. */
export async function usersModule(ctx: ModuleContext, deps: { entitlements: EntitlementsService }) {
  const { db, store, signer, callerChecks } = ctx.platform;
  const users = createUsersService({ db, store, signer, entitlements: deps.entitlements, changes: callerChecks });
  ctx.callerSeen.add((caller) => users.ensure(caller));
  // An inactive account keeps what it has but adds nothing: rolls, scans and gear are refused (spec §4).
  deps.entitlements.beforeAdding.add(async ({ tx, userId, kind }) => {
    if (kind !== "kept" && (await users.inactiveSince(userId, tx))) throw new AppError("account-inactive");
  });
  await ctx.api((api) => usersRoutes(api, { users, requireScopes: ctx.requireScopes }));
  return users;
}
