import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, OutboxTable } from "../db/schema.ts";
import { type Mailer, type MailLog, type MailMessage, mailLogDetails, safeDisplayName } from "./mailer.ts";

export type OutboxMail = Selectable<OutboxTable>;

export interface OutboxOptions {
  /**
   * On a development machine (config `mail.devViewer`): the address of the mail viewer, and each stored mail is
   * announced at info with its recipient, subject and first link, so a sign-up's confirmation is one click away.
   * Elsewhere the log keeps to the subject and the recipient's domain.
   */
  viewerUrl?: string;
}

/** The default mailer: keeps every mail in the `outbox` table, where the operator reads it; nothing leaves the machine. */
export function createOutboxMailer(db: Kysely<Database>, log: MailLog, options: OutboxOptions = {}): Mailer {
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
      if (options.viewerUrl) log.info(...announcement(message, options.viewerUrl));
      else log.info(mailLogDetails(message), "mail stored in the outbox");
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

/**
 * The console line of a mail on a development machine. The log's last net (request-log.ts `redactSecrets`) still
 * hides a link's token-shaped parts, so the line names the viewer where the whole link is one click away.
 */
export function announcement(message: MailMessage, viewerUrl: string): [object, string] {
  const link = firstLink(message.text);
  return [
    { to: message.to, subject: message.subject, link },
    `mail to ${message.to}: "${message.subject}"${link ? ` ${link}` : ""} (read it at ${viewerUrl})`,
  ];
}

/** The http(s) addresses in a mail's text part and where each starts, without the punctuation closing a sentence. */
export function linksIn(text: string): { url: string; index: number }[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'`]+/g)].map((m) => ({ url: m[0].replace(/[.,;:!?)\]]+$/, ""), index: m.index }));
}

const firstLink = (text: string) => linksIn(text)[0]?.url ?? null;

/** Reads the outbox for the developer's mail viewer (`/dev/mail`): newest first. */
export function createOutboxReader(db: Kysely<Database>) {
  return {
    recent(limit: number): Promise<OutboxMail[]> {
      return db.selectFrom("outbox").selectAll().orderBy("created_at", "desc").limit(limit).execute();
    },
    async find(id: string): Promise<OutboxMail | null> {
      return (await db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
    },
  };
}

export type OutboxReader = ReturnType<typeof createOutboxReader>;
