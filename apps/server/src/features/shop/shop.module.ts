import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { createShippingRates } from "../../platform/shipping/shipping-rates.ts";
import type { StickersService } from "../stickers/stickers.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { shopRoutes } from "./shop.routes.ts";
import { createShopService } from "./shop.service.ts";
import { deleteAllShipmentsOfUser } from "./shop.store.ts";

/**
 * Sticker packs for sale, shipments, and the seller side of payment checkouts (`purchases/inventory`, `shipping`).
 * Built before purchases, which takes the seller as a dependency and joins `shipmentChanging`.
 */
export async function shopModule(ctx: ModuleContext, deps: { users: UsersService; stickers: StickersService }) {
  const { db, config, log } = ctx.platform;
  const rates = createShippingRates(config.shipping, log);
  const shop = createShopService({
    db,
    users: deps.users,
    stickers: deps.stickers,
    rates,
    log,
    now: () => new Date(),
  });
  deps.users.deleting.add(async ({ userId, deleted }) => deleted("shipments", await deleteAllShipmentsOfUser(db, userId)));
  await ctx.api((api) => shopRoutes(api, { shop, stickers: deps.stickers, requireScopes: ctx.requireScopes }));
  return shop;
}
