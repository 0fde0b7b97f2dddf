import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import type { MediaTransform } from "../media/media.routes.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { downloadsApiRoutes, zipRoutes } from "./downloads.routes.ts";
import { createDownloadsService } from "./downloads.service.ts";

/**
 * A roll as one zip: the manifest (`film/{id}/download`) and the stream behind its signed link (`/zip/film/{id}`);
 * every original that leaves, zipped or alone (`/media/…/original`), carries its film and frame (issue 28).
 */
export async function downloadsModule(
  ctx: ModuleContext,
  deps: { films: FilmsService; shots: ShotsService; gear: GearService; media: { serveWith(t: MediaTransform): void } },
) {
  const { store, signer, bus } = ctx.platform;
  const downloads = createDownloadsService({ store, signer, bus, ...deps });
  deps.media.serveWith((key) => downloads.original(key));
  zipRoutes(ctx.root, { downloads, signer });
  await ctx.api((api) => downloadsApiRoutes(api, { films: deps.films, downloads, requireScopes: ctx.requireScopes }));
  return downloads;
}
