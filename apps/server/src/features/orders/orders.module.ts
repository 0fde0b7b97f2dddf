import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { Accounts } from "../identity/accounts.ts";
import type { LabsService } from "../labs/labs.service.ts";
import type { TicketIssuer } from "../realtime/realtime-tickets.ts";
import type { UsersService } from "../users/users.service.ts";
import { ordersRoutes } from "./orders.routes.ts";
import { createOrdersService, ORDER_GRANT } from "./orders.service.ts";
import { deleteAllOrdersOfUser } from "./orders.store.ts";

/**
 * A lab's orders (`orders/…`), the customer's claim, and the public order (`public/order…`). Links handed out
 * through an order's link are signed under its grant, which this module answers for.
 */
export async function ordersModule(
  ctx: ModuleContext,
  deps: {
    films: FilmsService;
    labs: LabsService;
    users: UsersService;
    downloads: DownloadsService;
    tickets: Pick<TicketIssuer, "issue">;
    /** The embedded provider's accounts (the customer's current email); null with an external provider. */
    accounts: Pick<Accounts, "findById"> | null;
  },
) {
  const { db, grants, mailer, bus, config } = ctx.platform;
  const orders = createOrdersService({ db, ...deps, grants, mailer, bus, publicUrl: config.publicUrl });
  grants.register(ORDER_GRANT, (id) => orders.isShareActive(id));
  deps.labs.countOrdersWith((labId) => orders.counts(labId));
  deps.users.deleting.add(async ({ userId, deleted }) => {
    const n = await deleteAllOrdersOfUser(db, userId);
    deleted("lab orders", n.deleted);
    deleted("other labs' orders unlinked from the account", n.unlinked);
  });
  await ctx.api((api) => ordersRoutes(api, { orders, tickets: deps.tickets, requireScopes: ctx.requireScopes }));
  return orders;
}
