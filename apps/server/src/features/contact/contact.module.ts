import { createSenderLimit } from "../../platform/cooldown/sender-limit.ts";
import type { ModuleContext } from "../../platform/modules/module-context.ts";
import { contactRoutes } from "./contact.routes.ts";
import { createContactService } from "./contact.service.ts";

/** The contact form (`/contact`), a visitor service at the root (spec §7). */
export function contactModule({ platform, root }: ModuleContext) {
  const { db, mailer, cooldown, config } = platform;
  const contact = createContactService({ db, mailer, senders: createSenderLimit(cooldown, "contact"), operator: config.mail.contactTo });
  contactRoutes(root, { contact });
  return contact;
}
