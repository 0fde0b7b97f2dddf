import { paths } from "@latent/domain/app-paths";
import { createSecretBox } from "../../platform/crypto/secret-box.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { LabsService } from "../labs/labs.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { integrationsRoutes } from "./integrations.routes.ts";
import { createIntegrationsService, type OrderImporter } from "./integrations.service.ts";
import { deleteIntegrationsOfLab } from "./integrations.store.ts";
import { createShopifyAdmin } from "./shopify-admin.ts";

/** Labs' online stores (`integrations/…`): Shopify and WooCommerce orders become lab orders through `orders`. */
export async function integrationsModule(
  ctx: ModuleContext,
  deps: { orders: OrderImporter; labs: Pick<LabsService, "wooCommerceWith">; users: Pick<UsersService, "deleting"> },
) {
  const { db, config, secret, log } = ctx.platform;
  const integrations = createIntegrationsService({
    db,
    orders: deps.orders,
    box: createSecretBox(secret, "integrations.credentials"),
    shopify: config.shopify ? { config: config.shopify, admin: createShopifyAdmin(config.shopify) } : null,
    publicUrl: config.publicUrl,
    returnPath: paths.user.labIntegrations,
    log,
    now: () => new Date(),
  });
  deps.users.deleting.add(async ({ userId, deleted }) => deleted("store integrations", await deleteIntegrationsOfLab(db, userId)));
  deps.labs.wooCommerceWith(async (labId) => {
    const { woocommerce } = await integrations.state(labId);
    return { connected: woocommerce.connected, store_url: woocommerce.store_url };
  });
  await ctx.api((api) => integrationsRoutes(api, { integrations, requireScopes: ctx.requireScopes }));
  return integrations;
}
