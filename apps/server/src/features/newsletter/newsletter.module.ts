import { createSenderLimit } from "../../platform/cooldown/sender-limit.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { newsletterRoutes } from "./newsletter.routes.ts";
import { createNewsletterService } from "./newsletter.service.ts";
import { createUnsubscribeTokens } from "./unsubscribe-token.ts";

/** The newsletter with double opt-in (`/newsletter…`), a visitor service at the root; purchases reads its discount. */
export function newsletterModule({ platform, root }: ModuleContext) {
  const { db, mailer, cooldown, config, secret } = platform;
  const newsletter = createNewsletterService({
    db,
    mailer,
    senders: createSenderLimit(cooldown, "newsletter"),
    unsubscribeTokens: createUnsubscribeTokens(secret),
    publicUrl: config.publicUrl,
    now: () => new Date(),
  });
  newsletterRoutes(root, { newsletter, publicUrl: config.publicUrl });
  return newsletter;
}
