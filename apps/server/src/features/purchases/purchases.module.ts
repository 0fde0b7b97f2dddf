import { z } from "zod";
import type { Hook } from "../../platform/hooks/hook.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { PaymentProvider } from "../../platform/payments/payment-provider.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { purchasesRoutes } from "./purchases.routes.ts";
import { createPurchasesService, type Seller } from "./purchases.service.ts";
import { deleteAllPurchasesOfUser } from "./purchases.store.ts";

/** Paid plans (`purchases/…`): checkout and portal through the payment provider; its webhook changes plans. */
export async function purchasesModule(
  ctx: ModuleContext,
  deps: {
    payments: PaymentProvider;
    entitlements: EntitlementsService;
    newsletter: NewsletterService;
    users: UsersService;
    /** The shop, built first: it sells through payment checkouts, and says when a shipment is about to change. */
    shop: { seller: Seller; shipmentChanging: Hook<{ userId: string; shipmentId: string }> };
  },
) {
  const { db, config, log } = ctx.platform;
  const { payments, entitlements, newsletter, users, shop } = deps;
  const purchases = createPurchasesService({
    db,
    payments,
    entitlements,
    newsletter,
    users,
    seller: shop.seller,
    publicUrl: config.publicUrl,
    log,
    now: () => new Date(),
  });
  // A shipment's open checkouts priced its old lines: they close before it changes, and one paid meanwhile refuses it.
  shop.shipmentChanging.add(async ({ userId, shipmentId }) => {
    if (!(await purchases.closePaymentCheckouts(userId, shipmentId))) throw new AppError("shipment-checkout-open");
  });
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
