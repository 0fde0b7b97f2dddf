import { createOutboxReader } from "../../platform/mail/outbox-mailer.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { devMailRoutes } from "./dev-mail.routes.ts";

/**
 * The developer's mail viewer (a letter opener): `/dev/mail` lists the outbox while the server runs. On only where
 * config says `mail.devViewer` (no SMTP_URL, PUBLIC_URL on this machine); 404 everywhere else.
 */
export function devMailModule({ platform, root }: ModuleContext) {
  devMailRoutes(root, { on: platform.config.mail.devViewer, outbox: createOutboxReader(platform.db), from: platform.config.mail.from });
}
