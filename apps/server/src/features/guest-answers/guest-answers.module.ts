import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { OrdersService } from "../labs/orders/orders.service.ts";
import type { SharesService } from "../shares/shares.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { guestAnswersRoutes } from "./guest-answers.routes.ts";
import { createGuestAnswersService } from "./guest-answers.service.ts";

/**
 * Guests who answer a shared roll or an order's link without an account (issue 31): favourites, comments, "ask the
 * lab" requests; the owner's and the lab's moderation and export; the hourly digest mail.
 */
export async function guestAnswersModule(
  ctx: ModuleContext,
  deps: { shares: SharesService; orders: OrdersService; films: FilmsService; users: UsersService },
) {
  const { db, bus, mailer, secret, config, jobs } = ctx.platform;
  const answers = createGuestAnswersService({
    db,
    ...deps,
    bus,
    mailer,
    secret,
    publicUrl: config.publicUrl,
    cookie: (maxAge) => ({
      path: "/api/public",
      secure: config.publicUrl.startsWith("https:"),
      ...(maxAge === undefined ? {} : { maxAge }),
    }),
  });
  // Every five minutes: a link's digest goes within minutes of the hour since its last, never sooner.
  jobs.define({ name: "guest-answers.send-digests", payload: z.object({}), schedule: "*/5 * * * *", run: () => answers.sendDigests() });
  await ctx.api((api) => guestAnswersRoutes(api, { answers, requireScopes: ctx.requireScopes }));
  return answers;
}
