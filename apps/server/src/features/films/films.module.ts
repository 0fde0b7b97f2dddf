import { createReplyCache } from "../../platform/http/reply-cache.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { filmsRoutes } from "./films.routes.ts";
import { createFilmsService } from "./films.service.ts";
import { prefillScannerRow } from "./films.store.ts";
import { frameLogRoutes } from "./frame-log.routes.ts";
import { createFrameLogService } from "./frame-log.service.ts";

/** Rolls (`film/`). */
export async function filmsModule(
  ctx: ModuleContext,
  deps: { shots: ShotsService; entitlements: EntitlementsService; users: UsersService; gear: GearService },
) {
  const { db, store, cacheGenerations } = ctx.platform;
  const films = createFilmsService({ db, store, ...deps });
  // A roll page and the rolls list show rows of films and shots; a user's deletion cascades into both.
  const replies = createReplyCache(cacheGenerations.follow("replies", ["films", "shots", "users"]), {
    off: !ctx.platform.config.replyCache,
  });
  ctx.root.addHook("onClose", async () => replies.close());
  deps.users.deleting.add(async ({ userId, deleted }) => {
    const n = await films.removeAllOfUser(userId);
    deleted("rolls (with their shots, uploads, share links and files)", n.rolls);
    deleted("customers' rolls unlinked from the lab", n.labCopies);
  });
  // A roll without a scanner takes the one its first scan's EXIF names (issue 28).
  deps.shots.scanned.add(async ({ shot, scanner }) => {
    if (scanner) await prefillScannerRow(db, shot.film_id, scanner);
  });
  await ctx.api((api) => filmsRoutes(api, { films, replies, requireScopes: ctx.requireScopes }));
  const frameLogs = createFrameLogService({ films, shots: deps.shots });
  await ctx.api((api) => frameLogRoutes(api, { frameLogs, requireScopes: ctx.requireScopes }));
  return films;
}
