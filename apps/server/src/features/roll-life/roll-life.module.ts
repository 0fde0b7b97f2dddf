import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { Accounts } from "../identity/accounts.ts";
import type { OrdersService } from "../labs/orders/orders.service.ts";
import type { LabProfileService } from "../labs/profile/profile.service.ts";
import type { LabWebhooksService } from "../labs/webhooks/webhooks.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { StickersService } from "../stickers/stickers.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { rollLifeRoutes } from "./roll-life.routes.ts";
import { createRollLifeService } from "./roll-life.service.ts";

/**
 * A roll's life from camera to archive (issue 29): after the labs (a step may make an order) and the stickers (a lab
 * receives a roll by its sticker). Latent's own steps follow the shots feature (a roll's last scan processed) and the
 * orders feature (an order sent or added); the shared roll and the public order show the timeline.
 */
export function rollLifeModule(
  ctx: ModuleContext,
  deps: {
    films: FilmsService;
    shots: ShotsService;
    orders: OrdersService;
    stickers: StickersService;
    users: UsersService;
    labs: LabProfileService;
    accounts: Pick<Accounts, "findById"> | null;
    webhooks: Pick<LabWebhooksService, "rollStepped">;
  },
) {
  const { db, mailer, bus, config, jobs } = ctx.platform;
  const rollLife = createRollLifeService({
    db,
    films: deps.films,
    shots: deps.shots,
    users: deps.users,
    labs: deps.labs,
    mailer,
    bus,
    orders: deps.orders,
    stickers: deps.stickers,
    accounts: deps.accounts,
    publicUrl: config.publicUrl,
  });
  deps.shots.processed.add(async (shot) => rollLife.shotDone(shot.film_id));
  // A step of a roll a lab follows is an event of that lab's webhooks, written in the step's transaction.
  rollLife.stepping.add(({ tx, labId, roll, order, afterCommit }) => deps.webhooks.rollStepped(tx, labId, roll, order, afterCommit));
  deps.orders.delivered.add(async ({ orderId, filmIds }) => rollLife.orderDelivered(orderId, filmIds));
  deps.orders.opening.add(async ({ films }) => rollLife.addTimelines(films));
  deps.films.sharing.add(async ({ row, shown }) => rollLife.addSharedTimeline(row, shown));
  jobs.define({
    name: "roll-life.remind-holds",
    payload: z.object({}),
    // Once a day across every instance; each reminder also goes once per roll, date and lead time (film_reminders).
    schedule: "17 8 * * *",
    run: async () => {
      await rollLife.remindHolds();
    },
  });
  return ctx.api((api) => rollLifeRoutes(api, { rollLife, requireScopes: ctx.requireScopes })).then(() => rollLife);
}
