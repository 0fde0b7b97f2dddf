import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { downloadsApiRoutes, zipRoutes } from "./downloads.routes.ts";
import { createDownloadsService } from "./downloads.service.ts";

/** A roll as one zip: the manifest (`film/{id}/download`) and the stream behind its signed link (`/zip/film/{id}`). */
export async function downloadsModule(ctx: ModuleContext, deps: { films: FilmsService; shots: ShotsService }) {
  const { store, signer, bus } = ctx.platform;
  const downloads = createDownloadsService({ store, signer, bus, ...deps });
  zipRoutes(ctx.root, { downloads, signer });
  await ctx.api((api) => downloadsApiRoutes(api, { films: deps.films, downloads, requireScopes: ctx.requireScopes }));
  return downloads;
}
