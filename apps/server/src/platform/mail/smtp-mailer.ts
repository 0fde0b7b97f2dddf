import { createTransport } from "nodemailer";
import { type Mailer, type MailLog, mailLogDetails } from "./mailer.ts";

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; holds a password, so it is never logged. */
  url: string;
  from: string;
}

/** Sends each mail through an SMTP server; a failure is logged without the URL or the body and then thrown. */
export function createSmtpMailer(options: SmtpOptions, log: MailLog): Mailer {
  // A silent or stalled server must fail the request in seconds, not after nodemailer's two-minute defaults.
  const transport = createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
      } catch (err) {
        const { code, command, responseCode } = err as { code?: string; command?: string; responseCode?: number };
        log.warn({ ...mailLogDetails(message), code, command, responseCode }, "mail not sent");
        throw err;
      }
      log.info(mailLogDetails(message), "mail sent");
    },
  };
}
