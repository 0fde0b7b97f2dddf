import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { stickersRoutes } from "./stickers.routes.ts";
import { createStickersService } from "./stickers.service.ts";
import { deleteAllStickersOfUser, findSticker } from "./stickers.store.ts";

/** Stickers on negatives (`stickers`, PUT `film/link` and `film/unlink`); the shop mints them when a pack is paid. */
export async function stickersModule(
  ctx: ModuleContext,
  deps: { films: FilmsService; users: Pick<UsersService, "deleting">; downloads: Pick<DownloadsService, "describeRoll"> },
) {
  const stickers = createStickersService({ db: ctx.platform.db, films: deps.films, publicUrl: ctx.platform.config.publicUrl });
  // A roll with a sticker carries the sticker's short id in every file that leaves (issue 28).
  deps.downloads.describeRoll.add(async ({ film, facts }) => {
    if (film.sticker_hash) facts.rollId = (await findSticker(ctx.platform.db, { hash: film.sticker_hash }))?.short_id ?? null;
  });
  deps.users.deleting.add(async ({ userId, deleted }) => deleted("stickers", await deleteAllStickersOfUser(ctx.platform.db, userId)));
  await ctx.api((api) => stickersRoutes(api, { stickers, requireScopes: ctx.requireScopes }));
  return stickers;
}
