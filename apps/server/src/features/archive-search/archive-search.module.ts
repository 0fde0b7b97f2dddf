import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { archiveSearchRoutes } from "./archive-search.routes.ts";
import { createArchiveSearchService } from "./archive-search.service.ts";

/** Search across the archive (`film/search`, `shots/search`): reads the search views the triggers of 0026 keep. */
export async function archiveSearchModule(ctx: ModuleContext, deps: { films: FilmsService; shots: ShotsService }) {
  const search = createArchiveSearchService({ db: ctx.platform.db, ...deps });
  await ctx.api((api) => archiveSearchRoutes(api, { search, requireScopes: ctx.requireScopes }));
  return search;
}
