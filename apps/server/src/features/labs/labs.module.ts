import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { UsersService } from "../users/users.service.ts";
import { labsRoutes } from "./labs.routes.ts";
import { createLabsService } from "./labs.service.ts";

/** Photo labs (`labs/…`): profile, directory and email template. */
export async function labsModule(ctx: ModuleContext, deps: { users: UsersService }) {
  const { db, store, signer } = ctx.platform;
  const labs = createLabsService({ db, store, signer });
  deps.users.deleting.add(async ({ userId, deleted }) => {
    const n = await labs.removeAllOfLab(userId);
    deleted("lab profiles", n.labs);
    deleted("lab email templates", n.templates);
  });
  await ctx.api((api) => labsRoutes(api, { labs, requireScopes: ctx.requireScopes }));
  return labs;
}
