import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startSmtpCapture } from "../../apps/server/test/smtp-capture.ts";

/**
 * The e2e server's mailbox: a real SMTP server on loopback (the server sends through SMTP_URL as in production) that
 * writes each mail it accepts as JSON into `<data dir>/mail/`, where journeys read what a person would find in
 * their inbox. Started by Playwright beside the server; it runs until Playwright stops it.
 */
const dir = join(process.env.LATENT_E2E_DATA_DIR ?? ".", "mail");
mkdirSync(dir, { recursive: true });
const port = Number(process.env.E2E_SMTP_PORT);
const capture = await startSmtpCapture(port);
let count = 0;
const seen = new Set<unknown>();
setInterval(() => {
  for (const mail of capture.mails) {
    if (seen.has(mail)) continue;
    seen.add(mail);
    count += 1;
    writeFileSync(
      join(dir, `${String(count).padStart(4, "0")}.json`),
      JSON.stringify({
        to: mail.to,
        from: mail.headers.from,
        replyTo: mail.headers["reply-to"],
        subject: mail.headers.subject,
        text: mail.text,
      }),
    );
  }
}, 100);
