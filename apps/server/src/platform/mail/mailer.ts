/** One mail to one recipient. `text` is always sent; `html` is its optional rich twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * Who the mail is from as the reader sees it (a lab's name on its order mail). Only the display name: the address
   * stays the server's own (MAIL_FROM), so SPF and DKIM still hold for it.
   */
  fromName?: string;
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

/**
 * A display name fit for a From header: control characters (CR and LF above all, which would start a header of
 * their own) and Unicode line breaks become spaces, runs of blanks one, at most 100 characters. Quoting and
 * encoding (commas, quotes, non-ASCII) are the SMTP library's; this only makes sure nothing here is a line break.
 */
export function safeDisplayName(name: string): string {
  return Array.from(
    name
      .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim(),
  )
    .slice(0, 100)
    .join("")
    .trim();
}

/** The bare address of a sender written `Name <address>` or `address` (MAIL_FROM). */
export function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}
