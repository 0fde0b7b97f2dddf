import type { Locale } from "@latent/domain/locales";
import { type Kysely, sql } from "kysely";
import type { Db as DbOrTx } from "../../platform/db/db-handle.ts";
import type { Database } from "../../platform/db/schema.ts";

type Db = Kysely<Database>;

/** Addresses are one subscription whatever their case (a unique index on lower(email)). */
const sameEmail = (email: string) => sql<boolean>`lower(email) = ${email.toLowerCase()}`;

/**
 * Creates the subscription, or restarts the opt-in of one that is pending or unsubscribed, with a new confirmation
 * token. A confirmed subscription is left as it is: then nothing is returned.
 */
export function savePendingSubscription(db: Db, v: { email: string; locale: Locale; confirmTokenHash: string; confirmExpiresAt: Date }) {
  return db
    .insertInto("newsletter_subscriptions")
    .values({
      email: v.email,
      locale: v.locale,
      status: "pending",
      confirm_token_hash: v.confirmTokenHash,
      confirm_expires_at: v.confirmExpiresAt,
    })
    .onConflict((oc) =>
      oc
        .expression(sql`lower(email)`)
        .doUpdateSet((eb) => ({
          locale: eb.ref("excluded.locale"),
          status: "pending",
          confirm_token_hash: eb.ref("excluded.confirm_token_hash"),
          confirm_expires_at: eb.ref("excluded.confirm_expires_at"),
          confirmed_at: null,
          unsubscribed_at: null,
          updated_at: sql<Date>`now()`,
        }))
        .where("newsletter_subscriptions.status", "<>", "confirmed"),
    )
    .returning(["id"])
    .executeTakeFirst();
}

export function findSubscriptionByEmail(db: Db, email: string) {
  return db.selectFrom("newsletter_subscriptions").select(["id", "status"]).where(sameEmail(email)).executeTakeFirst();
}

/**
 * Confirms the subscription whose unexpired token hashes to `tokenHash` and records its first-subscription discount
 * (once per address: a later re-subscription keeps the first one). A repeated click on the same link confirms again.
 */
export function confirmSubscription(db: Db, tokenHash: string, now: Date, discountPercent: number) {
  return db
    .updateTable("newsletter_subscriptions")
    .set({
      status: "confirmed",
      confirmed_at: sql<Date>`coalesce(confirmed_at, ${now})`,
      discount_percent: sql<number>`coalesce(discount_percent, ${discountPercent})`,
      updated_at: now,
    })
    .where("confirm_token_hash", "=", tokenHash)
    .where("confirm_expires_at", ">", now)
    .where("status", "in", ["pending", "confirmed"])
    .returning(["id"])
    .executeTakeFirst();
}

/** Stops the newsletter for one subscription; its pending confirmation link stops working too. */
export async function unsubscribe(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("newsletter_subscriptions")
    .set({
      status: "unsubscribed",
      unsubscribed_at: sql<Date>`coalesce(unsubscribed_at, ${now})`,
      confirm_token_hash: null,
      confirm_expires_at: null,
      updated_at: now,
    })
    .where("id", "=", id)
    .returning(["id"])
    .executeTakeFirst();
  return Boolean(row);
}

/** The first-subscription discount of an address, while it is not used (percent), else nothing. */
export async function findUnredeemedDiscount(db: DbOrTx, email: string): Promise<number | null> {
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .select("discount_percent")
    .where(sameEmail(email))
    .where("discount_percent", "is not", null)
    .where("discount_redeemed_at", "is", null)
    .executeTakeFirst();
  return row?.discount_percent ?? null;
}

/** Marks the address's first-subscription discount used; false when there was none left to use. */
export async function redeemDiscount(db: DbOrTx, email: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("newsletter_subscriptions")
    .set({ discount_redeemed_at: now, updated_at: now })
    .where(sameEmail(email))
    .where("discount_percent", "is not", null)
    .where("discount_redeemed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** Deletes every subscription of this address, whatever its case (its owner deleted their account); answers the rows. */
export async function deleteSubscriptionsOf(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db
    .deleteFrom("newsletter_subscriptions")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
