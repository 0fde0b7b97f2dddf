import { z } from "zod";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import type { BetaService } from "../beta/beta.service.ts";
import type { ContactService } from "../contact/contact.service.ts";
import type { DownloadsService } from "../downloads/downloads.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import type { LabProfileService } from "../labs/profile/profile.service.ts";
import type { NewsletterService } from "../newsletter/newsletter.service.ts";
import type { PurchasesService } from "../purchases/purchases.service.ts";
import type { ShopService } from "../shop/shop.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { StickersService } from "../stickers/stickers.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { accountDataRoutes } from "./account-data.routes.ts";
import { type AccountDataService, createAccountDataService, EXPORT_GRANT } from "./account-data.service.ts";
import type { AccountGate } from "./account-gate.ts";

/**
 * "Your data, yours" (`account/export`, `DELETE account`): the archive built by a job, the daily deletion of expired
 * archives, and deleting an account. The visitor services (newsletter, contact, beta) come before users, so they
 * cannot join its `deleting` hook themselves: this module joins it with their `forget`, and the outbox's.
 */
export async function accountDataModule(
  ctx: ModuleContext,
  deps: {
    gate: AccountGate;
    users: UsersService;
    labs: LabProfileService;
    gear: GearService;
    films: FilmsService;
    shots: ShotsService;
    downloads: DownloadsService;
    shop: ShopService;
    stickers: StickersService;
    purchases: PurchasesService;
    visitors: { newsletter: NewsletterService; contact: ContactService; beta: BetaService };
  },
) {
  const { db, store, signer, grants, mailer, jobs, log, config } = ctx.platform;
  const build = jobs.define({
    name: "account-data.build-export",
    payload: z.object({ export_id: z.string() }),
    // A failed build is marked failed and the person asks again: a retry would only repeat the failure.
    retries: 0,
    run: ({ export_id }) => accountData.build(export_id),
  });
  const accountData: AccountDataService = createAccountDataService({
    db,
    store,
    signer,
    grants,
    mailer,
    log,
    publicUrl: config.publicUrl,
    queueBuild: (exportId) => build.send({ export_id: exportId }),
    ...deps,
  });
  grants.register(EXPORT_GRANT, (id) => accountData.downloadable(id));
  jobs.define({
    name: "account-data.delete-expired-exports",
    payload: z.object({}),
    schedule: "13 4 * * *",
    run: async () => {
      await accountData.deleteExpired();
    },
  });

  const { newsletter, contact, beta } = deps.visitors;
  deps.users.deleting.add(async ({ userId, email, deleted }) => {
    deleted("data exports (with their archives)", await accountData.deleteAllOfUser(userId));
    if (!email) return;
    deleted("newsletter subscriptions", await newsletter.forget(email));
    deleted("contact messages", await contact.forget(email));
    deleted("beta registrations", await beta.forget(email));
    deleted("outbox mails", (await mailer.forget?.(email)) ?? 0);
  });

  await ctx.api((api) => accountDataRoutes(api, { accountData, requireScopes: ctx.requireScopes }));
  return accountData;
}
