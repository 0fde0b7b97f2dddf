import { paths } from "@latent/domain/app-paths";
import { z } from "zod";
import { createLinkLocks } from "../../platform/http/link-controls.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { TicketIssuer } from "../realtime/realtime-tickets.ts";
import type { WebApp } from "../web/spa.ts";
import { sharesRoutes } from "./shares.routes.ts";
import { createSharesService, SHARE_GRANT } from "./shares.service.ts";

/**
 * Expiring public links to a roll (`film/{id}/share`, `film/{id}/shares`) and what they open (`public/film…`, and
 * the preview of the shared page `/film?code=` in messengers). Links handed out through a share link are signed
 * under its grant, which this module answers for.
 */
export async function sharesModule(
  ctx: ModuleContext,
  deps: {
    films: FilmsService;
    downloads: DownloadsService;
    tickets: TicketIssuer;
    web: Pick<WebApp, "addLinkPreview">;
    entitlements: Pick<EntitlementsService, "planOf">;
  },
) {
  const { db, grants, bus, jobs, secret, cooldown, config } = ctx.platform;
  const locks = createLinkLocks({ secret, cooldown, secure: config.publicUrl.startsWith("https:") });
  const shares = createSharesService({ db, films: deps.films, grants, bus, entitlements: deps.entitlements, locks });
  grants.register(SHARE_GRANT, (id, need) => shares.isActive(id, need));
  deps.web.addLinkPreview(paths.film, (query, locale) => (query.code ? shares.preview(query.code, locale) : Promise.resolve(null)));
  jobs.define({ name: "shares.prune-expired", payload: z.object({}), schedule: "23 * * * *", run: () => shares.prune() });
  await ctx.api((api) =>
    sharesRoutes(api, { shares, films: deps.films, downloads: deps.downloads, tickets: deps.tickets, requireScopes: ctx.requireScopes }),
  );
  return shares;
}
