import { BRAND_NAME } from "@latent/domain/brand";
import { translator } from "../i18n/translator.ts";
import type { MailMessage } from "../mail/mailer.ts";
import type { SandboxCheckout } from "./sandbox-provider.ts";

const money = (locale: string, amount: number, currency: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);

/**
 * The receipt a paid sandbox checkout mails to its payer, as Stripe mails its own for real payments: what was bought,
 * what was paid and when, in the language the checkout page was shown in, and plainly marked as a test.
 */
export function sandboxReceipt(checkout: SandboxCheckout & { email: string }, locale: string, paidAt: Date): MailMessage {
  const t = translator(locale, "receipts");
  const lines = checkout.lines.map((line) =>
    t("line", { quantity: line.quantity, name: line.name, price: money(locale, line.amount * line.quantity, checkout.currency) }),
  );
  const text = [
    t("thanks"),
    "",
    ...lines,
    ...(checkout.discount_percent ? [t("discount", { percent: checkout.discount_percent })] : []),
    t("total", { price: money(locale, checkout.amount_first, checkout.currency) }),
    t("date", { date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(paidAt) }),
    t("reference", { id: checkout.id }),
    ...(checkout.mode === "subscription" ? ["", t("renews", { price: money(locale, checkout.amount_recurring, checkout.currency) })] : []),
    "",
    t("testMode"),
    "",
    BRAND_NAME,
  ].join("\n");
  return { to: checkout.email, subject: t("subject"), text };
}
