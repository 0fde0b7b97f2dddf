import type { AccountSecurityService } from "../../platform/identity/embedded/account-security.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { accountRoutes } from "./account.routes.ts";
import { createAccountService } from "./account.service.ts";

/** The account's security settings (`account/…`): the embedded provider's, or 409 identity-external. */
export async function accountModule(ctx: ModuleContext, deps: { security: AccountSecurityService | null }) {
  const account = createAccountService(deps);
  await ctx.api((api) => accountRoutes(api, { account, requireScopes: ctx.requireScopes }));
  return account;
}
