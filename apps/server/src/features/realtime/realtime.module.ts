import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { FilmsService } from "../films/films.service.ts";
import { realtimeRoutes, realtimeTicketRoutes } from "./realtime.routes.ts";
import { createTicketIssuer } from "./realtime-tickets.ts";

/** A roll's realtime feed (`/ws/{id}?token=`) and the single-use tickets that open it. */
export async function realtimeModule(ctx: ModuleContext, deps: { films: FilmsService }) {
  const { db, bus, secret, config, jobs, grants } = ctx.platform;
  const tickets = createTicketIssuer(secret, db, grants);
  jobs.define({ name: "realtime.prune-used-tickets", payload: z.object({}), schedule: "29 * * * *", run: () => tickets.prune() });
  await realtimeRoutes(ctx.root, { bus, tickets, publicUrl: config.publicUrl });
  await ctx.api((api) => realtimeTicketRoutes(api, { films: deps.films, tickets, requireScopes: ctx.requireScopes }));
  return tickets;
}
