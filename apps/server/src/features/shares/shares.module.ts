import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { TicketIssuer } from "../realtime/realtime-tickets.ts";
import { sharesRoutes } from "./shares.routes.ts";
import { createSharesService } from "./shares.service.ts";

/** Expiring public links to a roll (`film/{id}/share`) and what they open (`public/film…`). */
export async function sharesModule(ctx: ModuleContext, deps: { films: FilmsService; downloads: DownloadsService; tickets: TicketIssuer }) {
  const shares = createSharesService({ db: ctx.platform.db, films: deps.films });
  ctx.platform.jobs.define({ name: "shares.prune-expired", payload: z.object({}), schedule: "23 * * * *", run: () => shares.prune() });
  await ctx.api((api) => sharesRoutes(api, { shares, ...deps, requireScopes: ctx.requireScopes }));
  return shares;
}
