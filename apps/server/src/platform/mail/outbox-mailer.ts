import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { type Mailer, type MailLog, mailLogDetails, safeDisplayName } from "./mailer.ts";

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
            from_name: message.fromName ? safeDisplayName(message.fromName) || null : null,
          })
          .execute();
      } catch (err) {
        // The database's message only: the error object may carry the query and its parameters (the body).
        log.warn({ ...mailLogDetails(message), error: (err as Error).message }, "mail could not be stored in the outbox");
        throw err;
      }
      log.info(mailLogDetails(message), "mail stored in the outbox");
    },

    async forget(address) {
      const email = address.trim().toLowerCase();
      // `to` and `reply_to` hold a bare address or `Name <address>`.
      const names = (column: "to" | "reply_to") =>
        sql<boolean>`(lower(${sql.ref(column)}) = ${email} or lower(${sql.ref(column)}) like ${`%<${email}>`})`;
      const result = await db
        .deleteFrom("outbox")
        .where((eb) => eb.or([names("to"), names("reply_to")]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
