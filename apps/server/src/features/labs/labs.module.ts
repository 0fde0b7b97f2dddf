import { paths } from "@latent/domain/app-paths";
import { z } from "zod";
import { createSecretBox } from "../../platform/crypto/secret-box.ts";
import { createLinkLocks } from "../../platform/http/link-controls.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { Accounts } from "../identity/accounts.ts";
import type { TicketIssuer } from "../realtime/realtime-tickets.ts";
import type { UsersService } from "../users/users.service.ts";
import { integrationsRoutes } from "./integrations/integrations.routes.ts";
import { createIntegrationsService } from "./integrations/integrations.service.ts";
import { deleteIntegrationsOfLab } from "./integrations/integrations.store.ts";
import { createShopifyAdmin } from "./integrations/shopify-admin.ts";
import { createLabsView } from "./labs.view.ts";
import { orderImportRoutes } from "./orders/order-import.routes.ts";
import { createOrderImportService } from "./orders/order-import.service.ts";
import { ordersRoutes } from "./orders/orders.routes.ts";
import { createOrdersService, ORDER_GRANT } from "./orders/orders.service.ts";
import { deleteAllOrdersOfUser } from "./orders/orders.store.ts";
import { labsRoutes } from "./profile/profile.routes.ts";
import { createLabProfileService } from "./profile/profile.service.ts";
import { webhooksRoutes } from "./webhooks/webhooks.routes.ts";
import { createLabWebhooksService } from "./webhooks/webhooks.service.ts";

/**
 * Photo labs, built in the order each part needs the one before: the profile (`labs/…`: profile, directory, email
 * template), its orders (`orders/…`, the customer's claim, the public order `public/order…`), mailed with the
 * profile, and its online stores (`integrations/…`: Shopify and WooCommerce orders become lab orders). A lab as the
 * API shows it joins all three (labs.view.ts). Links handed out through an order's link are signed under its
 * grant, which this module answers for.
 */
export async function labsModule(
  ctx: ModuleContext,
  deps: {
    films: FilmsService;
    users: UsersService;
    downloads: DownloadsService;
    tickets: Pick<TicketIssuer, "issue">;
    /** The embedded provider's accounts (the customer's current email); null with an external provider. */
    accounts: Pick<Accounts, "findById"> | null;
    /** The webhooks' clock (schedules, attempts, signatures); tests move it instead of waiting. */
    webhookClock?: () => Date;
  },
) {
  const { db, store, signer, grants, mailer, bus, config, secret, log, jobs } = ctx.platform;

  const profile = createLabProfileService({ db, store, signer });
  deps.users.deleting.add(async ({ userId, deleted }) => {
    const n = await profile.removeAllOfLab(userId);
    deleted("lab profiles", n.labs);
    deleted("lab email templates", n.templates);
  });

  const orders = createOrdersService({
    db,
    films: deps.films,
    labs: profile,
    users: deps.users,
    downloads: deps.downloads,
    accounts: deps.accounts,
    grants,
    mailer,
    bus,
    locks: createLinkLocks({ secret, cooldown: ctx.platform.cooldown, secure: config.publicUrl.startsWith("https:") }),
    publicUrl: config.publicUrl,
  });
  grants.register(ORDER_GRANT, (id, need) => orders.isShareActive(id, need));
  // A lab's roll carries its lab's name in every file that leaves (issue 28).
  deps.downloads.describeRoll.add(async ({ film, facts }) => {
    if (film.order_id) facts.lab = await orders.labNameOf(film.order_id);
  });
  deps.users.deleting.add(async ({ userId, deleted }) => {
    const n = await deleteAllOrdersOfUser(db, userId);
    deleted("lab orders", n.deleted);
    deleted("other labs' orders unlinked from the account", n.unlinked);
  });

  const integrations = createIntegrationsService({
    db,
    orders,
    box: createSecretBox(secret, "integrations.credentials"),
    shopify: config.shopify ? { config: config.shopify, admin: createShopifyAdmin(config.shopify) } : null,
    publicUrl: config.publicUrl,
    returnPath: paths.user.labIntegrations,
    log,
    now: () => new Date(),
  });
  deps.users.deleting.add(async ({ userId, deleted }) => deleted("store integrations", await deleteIntegrationsOfLab(db, userId)));

  // GET user/ of a lab account names its lab and says which of its stores are connected (spec §3: lab, integrations).
  deps.users.describing.add(async ({ user }) => {
    if (user.role !== "lab") return;
    const [lab, stores] = await Promise.all([profile.mine(user.user_id), integrations.state(user.user_id)]);
    user.lab = { id: lab.id, name: lab.name };
    user.integrations = stores;
  });

  // Webhooks out (issue 30): each order change writes its events in its own transaction; the roll-life feature joins
  // through the service's `rollStepped`.
  const webhooks = createLabWebhooksService({
    db,
    box: createSecretBox(secret, "lab-webhooks.secrets"),
    mailer,
    labs: profile,
    users: deps.users,
    allowLoopback: config.webhooks.allowLoopback,
    publicUrl: config.publicUrl,
    log,
    ...(deps.webhookClock ? { now: deps.webhookClock } : {}),
  });
  orders.changing.add(({ tx, change, order, afterCommit }) => webhooks.orderChanged(tx, change, order, afterCommit));
  deps.users.deleting.add(async ({ userId, deleted }) => deleted("webhook endpoints", await webhooks.removeAllOfLab(userId)));
  jobs.define({
    name: "lab-webhooks.deliver-due",
    payload: z.object({}),
    // Each event is tried right after its commit; this catches the retries that came due and what an instance left.
    schedule: "* * * * *",
    run: async () => {
      await webhooks.deliverDue();
    },
  });

  const view = createLabsView({ profile, orders, integrations });
  await ctx.api((api) => labsRoutes(api, { labs: profile, view, requireScopes: ctx.requireScopes }));
  await ctx.api((api) => ordersRoutes(api, { orders, tickets: deps.tickets, requireScopes: ctx.requireScopes }));
  const imports = createOrderImportService({ db, orders });
  await ctx.api((api) => orderImportRoutes(api, { imports, requireScopes: ctx.requireScopes }));
  await ctx.api((api) => integrationsRoutes(api, { integrations, requireScopes: ctx.requireScopes }));
  await ctx.api((api) => webhooksRoutes(api, { webhooks, requireScopes: ctx.requireScopes }));
  return { profile, orders, integrations, webhooks };
}
