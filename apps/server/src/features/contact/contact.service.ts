import type { ContactBody, ContactSent } from "@latent/domain/contact";
import type { Kysely } from "kysely";
import type { SenderLimit } from "../../platform/cooldown/sender-limit.ts";
import type { Database } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { deleteContactMessagesOf, insertContactMessage, markContactMessageMailed } from "./contact.store.ts";

export interface ContactDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  senders: SenderLimit;
  /** CONTACT_TO: where visitors' messages go. */
  operator: string;
}

/** The contact form: every message is stored first, so a mail failure loses nothing. */
export function createContactService(deps: ContactDeps) {
  const { db, mailer, senders, operator } = deps;
  return {
    /** Forgets the messages sent from this address (its owner deleted their account); answers how many went. */
    forget(email: string) {
      return deleteContactMessagesOf(db, email);
    },

    /** Stores a visitor's message and mails it to the operator with reply-to the visitor; one per sender per minute. */
    async send(body: ContactBody, clientIp: string): Promise<ContactSent> {
      await senders.claim(body.email, clientIp);
      const stored = await insertContactMessage(db, body);
      try {
        await mailer.send({
          to: operator,
          replyTo: body.email,
          subject: `[Latent contact · ${body.reason}] ${body.subject}`,
          text: [
            `From: ${body.email}`,
            `Reason: ${body.reason}`,
            `Subject: ${body.subject}`,
            `Received: ${stored.created_at.toISOString()} (message ${stored.id})`,
            "",
            body.message,
          ].join("\n"),
        });
      } catch {
        // The adapter has logged why; the message stays in contact_messages with mailed_at empty.
        throw new AppError("email-not-sent");
      }
      await markContactMessageMailed(db, stored.id);
      return { id: stored.id };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
