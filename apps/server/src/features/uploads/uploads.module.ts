import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotProcessor } from "../shots/shot-processing.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { uploadsRoutes } from "./uploads.routes.ts";
import { createUploadsService } from "./uploads.service.ts";

/**
 * Chunked scan uploads (`film/shot/{id}/{index}/upload`, `uploads/{id}/{part}`), what an upload already holds (to
 * resume it after a reload), the failing of stalled uploads and the sweep of abandoned ones.
 */
export async function uploadsModule(
  ctx: ModuleContext,
  deps: { films: FilmsService; shots: ShotsService; entitlements: EntitlementsService; processor: ShotProcessor },
) {
  const { db, store, config, jobs, log } = ctx.platform;
  const uploads = createUploadsService({
    db,
    store,
    ...deps,
    maxShotBytes: config.uploads.maxShotBytes,
    staleAfterMs: config.uploads.staleAfterMinutes * 60_000,
    log,
  });
  jobs.define({
    name: "uploads.fail-stalled",
    payload: z.object({}),
    schedule: "* * * * *",
    run: async () => {
      await uploads.failStalled();
    },
  });
  jobs.define({
    name: "uploads.sweep-abandoned",
    payload: z.object({}),
    schedule: "17 * * * *",
    run: async () => {
      await uploads.sweepAbandoned();
    },
  });
  await ctx.api((api) => uploadsRoutes(api, { uploads, requireScopes: ctx.requireScopes }));
  return uploads;
}
