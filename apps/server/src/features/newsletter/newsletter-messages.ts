import { NEWSLETTER_CONFIRM_DAYS } from "@latent/domain/contact";
import type { Locale } from "@latent/domain/locales";
import { NEWSLETTER_DISCOUNT_PERCENT } from "@latent/domain/plans";
import { type Translate, translator } from "../../platform/i18n/translator.ts";
import type { MailMessage } from "../../platform/mail/mailer.ts";

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The `{{percent}}` and `{{days}}` of the newsletter's texts. */
const VARS = { percent: NEWSLETTER_DISCOUNT_PERCENT, days: NEWSLETTER_CONFIRM_DAYS };

const PAGE_STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f1ec;color:#1d1b18}
main{max-width:440px;margin:8vh auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.brand{font-weight:700;letter-spacing:.2em;text-transform:uppercase;color:#b4461f;margin:0 0 8px}h1{font-size:1.4rem;margin:0 0 12px}
a{color:#8f3716}a:focus{outline:3px solid #e0a080;outline-offset:2px}`;

export type NewsletterPage = "confirmed" | "unsubscribed" | "invalid";

/** The small page a visitor lands on from a newsletter mail's link (server-rendered, no script). */
export function renderNewsletterPage(page: NewsletterPage, locale: Locale, siteUrl: string): string {
  const t = translator(locale, "newsletter");
  const title = t(`pages.${page}.title`, VARS);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} · Latent</title><style>${PAGE_STYLE}</style></head>
<body><main><p class="brand">Latent</p><h1>${esc(title)}</h1><p>${esc(t(`pages.${page}.body`, VARS))}</p>
<p><a href="${esc(`${siteUrl}/`)}">${esc(t("back"))}</a></p></main></body></html>`;
}

function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string } | null,
  unsubscribeUrl: string,
  t: Translate<"newsletter">,
) {
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    "--",
    `${t("unsubscribeHint")} ${unsubscribeUrl}`,
  ].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1d1b18;line-height:1.5">
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join("\n")}
${action ? `<p><a href="${esc(action.url)}" style="display:inline-block;padding:10px 18px;background:#b4461f;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${esc(action.label)}</a></p>` : ""}
<hr style="border:0;border-top:1px solid #ddd"><p style="font-size:13px;color:#5c5853">${esc(t("unsubscribeHint"))} <a href="${esc(unsubscribeUrl)}">${esc(t("unsubscribe"))}</a></p>
</body></html>`;
  return { to, subject, text, html } satisfies MailMessage;
}

/** The double opt-in mail: a confirmation link (valid for a week) and, like every newsletter mail, an unsubscribe link. */
export function confirmationMail(to: string, locale: Locale, links: { confirm: string; unsubscribe: string }): MailMessage {
  const t = translator(locale, "newsletter");
  return mail(
    to,
    t("confirm.subject"),
    [t("confirm.intro"), t("discount", VARS), t("confirm.expiry", VARS)],
    { label: t("confirm.action"), url: links.confirm },
    links.unsubscribe,
    t,
  );
}

/** Sent instead of a confirmation when the address is already confirmed, so the answer to the form reveals nothing. */
export function alreadySubscribedMail(to: string, locale: Locale, links: { unsubscribe: string }): MailMessage {
  const t = translator(locale, "newsletter");
  return mail(to, t("already.subject"), [t("already.body")], null, links.unsubscribe, t);
}
