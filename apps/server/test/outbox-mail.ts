import { expect } from "vitest";
import type { TestServer } from "./harness.ts";

/**
 * The newest outbox row to an address whose subject matches, waiting for it: mail is sent after the answer, so it
 * may take a moment to be there.
 */
export async function mailTo(s: Pick<TestServer, "latent">, to: string, subject: RegExp) {
  let found: { id: string; subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const rows = await s.latent.db.selectFrom("outbox").selectAll().where("to", "=", to).orderBy("created_at", "desc").execute();
      found = rows.find((r) => subject.test(r.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}
