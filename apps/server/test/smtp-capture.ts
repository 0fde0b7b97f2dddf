import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  /** Envelope recipients. */
  to: string[];
  headers: Record<string, string>;
  /** The decoded text/plain part. */
  text: string;
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the next mail to `to` (already received or still to come). */
  next(to: string): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it accepts (no TLS, no auth needed). */
export async function startSmtpCapture(listenPort = 0): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiting: { to: string; resolve: (mail: CapturedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = { ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address), raw };
        mails.push(mail);
        for (const w of waiting.filter((w) => mail.to.includes(w.to))) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next: (to) =>
      new Promise((resolve) => {
        const found = mails.find((m) => m.to.includes(to));
        if (found) resolve(found);
        else waiting.push({ to, resolve });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const latin1Bytes = (qp: string) => qp.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII headers; blanks between two words vanish. */
function decodeWords(value: string): string {
  return value.replace(/=\?[^?]+\?([QB])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(latin1Bytes(text.replaceAll("_", " ")), "latin1").toString("utf8"),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding = "7bit"): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    return Buffer.from(latin1Bytes(body.replace(/=\r?\n/g, "")), "latin1").toString("utf8");
  }
  return body;
}

/** Enough MIME for our own mails: top-level headers and the text/plain part, single or inside multipart/alternative. */
function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (!boundary) return { headers, text: decode(body, headers["content-transfer-encoding"]) };
  for (const part of body.split(`--${boundary}`)) {
    const at = part.search(/\r?\n\r?\n/);
    if (at < 0) continue;
    const partHeaders = parseHeaders(part.slice(0, at));
    if ((partHeaders["content-type"] ?? "").startsWith("text/plain")) {
      return {
        headers,
        text: decode(
          part
            .slice(at)
            .replace(/^\r?\n\r?\n/, "")
            .replace(/\r?\n$/, ""),
          partHeaders["content-transfer-encoding"],
        ),
      };
    }
  }
  return { headers, text: "" };
}
