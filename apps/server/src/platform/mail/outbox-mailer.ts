import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type Mailer, type MailLog, mailLogDetails } from "./mailer.ts";

/** The default mailer: keeps every mail in the `outbox` table, where the operator reads it; nothing leaves the machine. */
export function createOutboxMailer(db: Kysely<Database>, log: MailLog): Mailer {
  return {
    async send(message) {
      try {
        await db
          .insertInto("outbox")
          .values({
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html ?? null,
            reply_to: message.replyTo ?? null,
          })
          .execute();
      } catch (err) {
        // The database's message only: the error object may carry the query and its parameters (the body).
        log.warn({ ...mailLogDetails(message), error: (err as Error).message }, "mail could not be stored in the outbox");
        throw err;
      }
      log.info(mailLogDetails(message), "mail stored in the outbox");
    },
  };
}
