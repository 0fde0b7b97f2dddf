import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { PaymentProvider } from "../../platform/payments/payment-provider.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { purchasesRoutes } from "./purchases.routes.ts";
import { createPurchasesService } from "./purchases.service.ts";
import { deleteAllPurchasesOfUser } from "./purchases.store.ts";

/** Paid plans (`purchases/…`): checkout and portal through the payment provider; its webhook changes plans. */
export async function purchasesModule(
  ctx: ModuleContext,
  deps: { payments: PaymentProvider; entitlements: EntitlementsService; newsletter: NewsletterService; users: UsersService },
) {
  const { db, config, log } = ctx.platform;
  const purchases = createPurchasesService({ db, ...deps, publicUrl: config.publicUrl, log, now: () => new Date() });
  deps.users.deleting.add(async ({ userId, deleted }) => {
    for (const [table, n] of Object.entries(await deleteAllPurchasesOfUser(db, userId))) deleted(table.replace("_", " "), n);
  });
  ctx.platform.jobs.define({
    name: "purchases.expire-operator-grants",
    payload: z.object({}),
    schedule: "47 3 * * *",
    run: () => purchases.expireGrants(),
  });
  await ctx.api((api) => purchasesRoutes(api, { purchases, requireScopes: ctx.requireScopes }));
  return purchases;
}
