import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { LabProfileService } from "../labs/profile/profile.service.ts";
import type { SharesService } from "../shares/shares.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { StickersService } from "../stickers/stickers.service.ts";
import { contactSheetRoutes } from "./contact-sheet.routes.ts";
import { createContactSheetService } from "./contact-sheet.service.ts";

/**
 * A roll's contact sheet as a PDF (`film/{id}/contact-sheet`, and `public/film/contact-sheet` through a share link).
 * Registered after labs and stickers, whose lab name and sticker id its header prints.
 */
export async function contactSheetModule(
  ctx: ModuleContext,
  deps: {
    films: FilmsService;
    shots: ShotsService;
    shares: SharesService;
    labs: Pick<LabProfileService, "mine">;
    stickers: Pick<StickersService, "mine">;
  },
) {
  const { store, config } = ctx.platform;
  const contactSheet = createContactSheetService({ store, publicUrl: config.publicUrl, ...deps });
  await ctx.api((api) => contactSheetRoutes(api, { contactSheet, shares: deps.shares, requireScopes: ctx.requireScopes }));
  return contactSheet;
}
