/** One mail to one recipient. `text` is always sent; `html` is its optional rich twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/** Sends mail: SMTP when SMTP_URL is set, else the outbox table the operator reads. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Deletes the mails kept to or from an address (its owner deleted their account); answers how many. SMTP keeps none. */
  forget?(address: string): Promise<number>;
}

/** The slice of the server's logger the mail adapters use (pino's signature). */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What a log line may say about a mail: its subject and the recipient's domain, never the person or the body. */
export function mailLogDetails(message: MailMessage): { subject: string; to_domain: string } {
  return { subject: message.subject, to_domain: /@([^\s>]+)/.exec(message.to)?.[1] ?? "unknown" };
}
