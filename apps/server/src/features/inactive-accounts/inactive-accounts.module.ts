import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { createInactiveAccountsService } from "./inactive-accounts.service.ts";

/** The files of accounts left inactive past the grace days, deleted by a daily job. */
export function inactiveAccountsModule(ctx: ModuleContext, deps: { users: UsersService; shots: ShotsService }) {
  const inactiveAccounts = createInactiveAccountsService({ ...deps, log: ctx.platform.log });
  ctx.platform.jobs.define({
    name: "inactive-accounts.delete-expired-files",
    payload: z.object({}),
    schedule: "53 3 * * *",
    run: () => inactiveAccounts.runDaily(),
  });
  return inactiveAccounts;
}
