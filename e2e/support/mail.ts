import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect } from "@playwright/test";

export interface ReceivedMail {
  to: string[];
  /** The From and Reply-To headers as a mail client shows them (encoded words decoded). */
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` that the e2e mail drop received, waiting for it to arrive. */
export async function mailTo(to: string): Promise<ReceivedMail> {
  const dir = join(process.env.LATENT_E2E_DATA_DIR ?? ".", "mail");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const mail = JSON.parse(await readFile(join(dir, file), "utf8")) as ReceivedMail;
          if (mail.to.includes(to)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}
