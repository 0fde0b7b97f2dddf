import type { TestServer } from "./harness.ts";

/** Makes `email` a confirmed newsletter subscriber with the first-subscription discount not yet used. */
export async function confirmedSubscriber(s: TestServer, email: string, discountPercent = 20) {
  const now = new Date();
  await s.latent.db
    .insertInto("newsletter_subscriptions")
    .values({
      email,
      locale: "en-US",
      status: "confirmed",
      discount_percent: discountPercent,
      confirmed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
