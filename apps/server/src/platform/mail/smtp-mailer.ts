import { createTransport } from "nodemailer";
import { type Mailer, type MailLog, mailLogDetails, safeDisplayName, senderAddress } from "./mailer.ts";

export interface SmtpOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`; holds a password, so it is never logged. */
  url: string;
  from: string;
}

/** Sends each mail through an SMTP server; a failure is logged without the URL or the body and then thrown. */
export function createSmtpMailer(options: SmtpOptions, log: MailLog): Mailer {
  // A silent or stalled server must fail the request in seconds, not after nodemailer's two-minute defaults.
  const transport = createTransport({ url: options.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  const address = senderAddress(options.from);
  return {
    async send(message) {
      const name = message.fromName ? safeDisplayName(message.fromName) : "";
      try {
        await transport.sendMail({
          // nodemailer quotes or encodes the name (RFC 5322 / 2047) when it holds commas, quotes or non-ASCII.
          from: name ? { name, address } : options.from,
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
