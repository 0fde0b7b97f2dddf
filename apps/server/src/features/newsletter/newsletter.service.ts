import { NEWSLETTER_CONFIRM_DAYS, type NewsletterAccepted } from "@latent/domain/contact";
import type { Locale } from "@latent/domain/locales";
import { NEWSLETTER_DISCOUNT_PERCENT } from "@latent/domain/plans";
import type { Kysely } from "kysely";
import type { SenderLimit } from "../../platform/cooldown/sender-limit.ts";
import { newSecretToken, secretTokenHash } from "../../platform/crypto/secret-token.ts";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { Mailer, MailMessage } from "../../platform/mail/mailer.ts";
import {
  confirmSubscription,
  deleteSubscriptionsOf,
  findSubscriptionByEmail,
  findUnredeemedDiscount,
  redeemDiscount,
  savePendingSubscription,
  unsubscribe,
} from "./newsletter.store.ts";
import { alreadySubscribedMail, confirmationMail } from "./newsletter-messages.ts";
import type { UnsubscribeTokens } from "./unsubscribe-token.ts";

export interface NewsletterDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  senders: SenderLimit;
  unsubscribeTokens: UnsubscribeTokens;
  /** Base of the links in the mails (PUBLIC_URL). */
  publicUrl: string;
  now: () => Date;
}

/** The newsletter with double opt-in: nothing is sent to an address until its owner clicks the mailed link. */
export function createNewsletterService(deps: NewsletterDeps) {
  const { db, mailer, senders, unsubscribeTokens, publicUrl, now } = deps;
  const unsubscribeLink = (subscriptionId: string, locale: Locale) =>
    `${publicUrl}/newsletter/unsubscribe?token=${unsubscribeTokens.issue(subscriptionId)}&lang=${locale}`;

  return {
    /** Forgets every subscription of this address (its owner deleted their account); answers how many went. */
    forget(email: string) {
      return deleteSubscriptionsOf(db, email);
    },

    /** Mails a confirmation link (or, to a confirmed address, a notice); the answer is the same either way. */
    async subscribe(email: string, locale: Locale, clientIp: string): Promise<NewsletterAccepted> {
      await senders.claim(email, clientIp);
      // Only its hash is stored, so the table alone cannot confirm anyone.
      const { token, hash } = newSecretToken();
      const expiresAt = new Date(now().getTime() + NEWSLETTER_CONFIRM_DAYS * 86_400_000);
      const pending = await savePendingSubscription(db, { email, locale, confirmTokenHash: hash, confirmExpiresAt: expiresAt });
      let message: MailMessage;
      if (pending) {
        message = confirmationMail(email, locale, {
          confirm: `${publicUrl}/newsletter/confirm?token=${token}&lang=${locale}`,
          unsubscribe: unsubscribeLink(pending.id, locale),
        });
      } else {
        const confirmed = await findSubscriptionByEmail(db, email);
        if (!confirmed) return { status: "accepted" };
        message = alreadySubscribedMail(email, locale, { unsubscribe: unsubscribeLink(confirmed.id, locale) });
      }
      try {
        await mailer.send(message);
      } catch {
        throw new AppError("email-not-sent");
      }
      return { status: "accepted" };
    },

    /** Confirms the subscription of a mailed link; false when the link is unknown, expired or unsubscribed since. */
    async confirm(token: string): Promise<boolean> {
      if (!token) return false;
      return Boolean(await confirmSubscription(db, secretTokenHash(token), now(), NEWSLETTER_DISCOUNT_PERCENT));
    },

    /** The percent off a first subscription that the address earned by confirming, while unused; else null (spec §1, §9). */
    async firstSubscriptionDiscount(email: string | null): Promise<number | null> {
      return email ? findUnredeemedDiscount(db, email) : null;
    },

    /** Uses up the address's first-subscription discount, in the caller's transaction; false when none was left. */
    async redeemFirstSubscriptionDiscount(email: string, tx: Db = db): Promise<boolean> {
      return redeemDiscount(tx, email, now());
    },

    /** Unsubscribes the address of a mailed link, at any time and as often as clicked; false for a forged link. */
    async unsubscribe(token: string): Promise<boolean> {
      const id = unsubscribeTokens.verify(token);
      return id !== null && (await unsubscribe(db, id, now()));
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
