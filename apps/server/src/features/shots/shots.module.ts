import { join } from "node:path";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import { createShotProcessor, DEFAULT_PROCESSING } from "./shot-processing.ts";
import { shotsRoutes } from "./shots.routes.ts";
import { createShotsService } from "./shots.service.ts";
import { countPendingShots } from "./shots.store.ts";

/** Shots of a roll (edit, delete) and the processing that turns an uploaded scan into a preview and thumbnail. */
export async function shotsModule(ctx: ModuleContext, deps: { entitlements: EntitlementsService; gear: GearService }) {
  const { db, store, signer, bus, config, log } = ctx.platform;
  const shots = createShotsService({ db, store, signer, bus, entitlements: deps.entitlements, gear: deps.gear });
  const processor = createShotProcessor(
    { db, store, shots, log },
    {
      ...DEFAULT_PROCESSING,
      concurrency: config.uploads.processingConcurrency,
      maxPixels: config.uploads.maxImagePixels,
      tmpDir: join(config.dataDir, "tmp"),
      onProcessed: (outcome, seconds) => ctx.platform.metrics.scanProcessed(outcome, seconds),
    },
  );
  ctx.platform.metrics.measureQueue(() => countPendingShots(db));
  await ctx.api((api) => shotsRoutes(api, { shots, requireScopes: ctx.requireScopes }));
  return { shots, processor };
}
