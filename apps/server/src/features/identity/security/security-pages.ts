import { PASSWORD_MIN_LENGTH } from "@latent/domain/account";
import type { Locale } from "@latent/domain/locales";
import { type TextKey, translator } from "../../../platform/i18n/translator.ts";
import { type AuthError, esc, page, strengthMeter } from "../sign-in/auth-pages.ts";

/** Pages of account security outside an interaction: forgot password, reset, and what a mailed link did. */

const languages = (path: string) => (l: Locale) => `${path}${path.includes("?") ? "&amp;" : "?"}lang=${l}`;
const alertOf = (locale: Locale, error?: AuthError) =>
  error ? `<div class="alert" role="alert">${esc(translator(locale, "auth")(`errors.${error}`))}</div>` : "";

/** "Forgot your password?": the address to send a link to. `uid` leads back to the sign-in it came from. */
export function renderForgotPage(m: { locale: Locale; uid?: string; email?: string; error?: AuthError }): string {
  const t = translator(m.locale, "auth");
  const uid = m.uid ? `&amp;uid=${encodeURIComponent(m.uid)}` : "";
  return page({
    locale: m.locale,
    title: t("forgot.title"),
    languageHref: (l) => `/auth/forgot?lang=${l}${uid}`,
    content: `<h1>${esc(t("forgot.title"))}</h1>
${alertOf(m.locale, m.error)}
<p>${esc(t("forgot.intro"))}</p>
<form method="post" action="/auth/forgot?lang=${m.locale}${uid}" novalidate>
  <label for="email">${esc(t("email"))}</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${esc(m.email)}" autofocus>
  <button type="submit">${esc(t("forgot.submit"))}</button>
</form>
<div class="links">${backToSignIn(m.locale, m.uid)}</div>`,
  });
}

function backToSignIn(locale: Locale, uid?: string) {
  const t = translator(locale, "auth");
  return uid
    ? `<a href="/auth/interaction/${encodeURIComponent(uid)}?mode=login&amp;lang=${locale}">${esc(t("forgot.backToSignIn"))}</a>`
    : `<a href="/">${esc(t("back"))}</a>`;
}

/** What a reset request answers, whether or not the address has an account. */
export function renderForgotSentPage(locale: Locale, uid?: string): string {
  const t = translator(locale, "auth");
  return page({
    locale,
    title: t("forgot.sentTitle"),
    content: `<h1>${esc(t("forgot.sentTitle"))}</h1><div class="success" role="status">${esc(t("forgot.sent"))}</div><div class="links">${backToSignIn(
      locale,
      uid,
    )}</div>`,
  });
}

/** The new password's form, opened from a reset link. */
export function renderResetPage(m: { locale: Locale; token: string; error?: AuthError }): string {
  const t = translator(m.locale, "auth");
  const path = `/auth/reset/${encodeURIComponent(m.token)}`;
  return page({
    locale: m.locale,
    title: t("reset.title"),
    languageHref: languages(path),
    content: `<h1>${esc(t("reset.title"))}</h1>
<form method="post" action="${path}?lang=${m.locale}" novalidate>
  <label for="password">${esc(t("reset.newPassword"))}</label>
  <input id="password" name="password" type="password" required minlength="${PASSWORD_MIN_LENGTH}" autocomplete="new-password" autofocus aria-describedby="${
    m.error ? "password-error " : ""
  }password-hint"${m.error ? ' aria-invalid="true"' : ""}>
  <p class="hint" id="password-hint">${esc(t("passwordHint"))}</p>${strengthMeter(t)}
  ${m.error ? `<p class="field-error" id="password-error">${esc(t(`errors.${m.error}`))}</p>` : ""}
  <button type="submit">${esc(t("reset.submit"))}</button>
</form>`,
  });
}

/** A page that says what happened (a link used, refused…), with one way on. */
export function renderMessagePage(m: {
  locale: Locale;
  title: TextKey<"auth">;
  message: TextKey<"auth">;
  tone: "success" | "alert";
  link?: { href: string; text: TextKey<"auth"> };
}): string {
  const t = translator(m.locale, "auth");
  const link = m.link ?? { href: "/", text: "back" };
  return page({
    locale: m.locale,
    title: t(m.title),
    content: `<h1>${esc(t(m.title))}</h1><div class="${m.tone}" role="${m.tone === "alert" ? "alert" : "status"}">${esc(
      t(m.message),
    )}</div><div class="links"><a href="${esc(link.href)}">${esc(t(link.text))}</a></div>`,
  });
}

/** The sign-in's second step: a TOTP or recovery code. `ticket` carries the first step's result, sealed. */
export function renderSecondFactorPage(m: { locale: Locale; uid: string; ticket: string; error?: AuthError }): string {
  const t = translator(m.locale, "auth");
  const base = `/auth/interaction/${encodeURIComponent(m.uid)}`;
  return page({
    locale: m.locale,
    title: t("secondFactor.title"),
    content: `<h1>${esc(t("secondFactor.title"))}</h1>
${alertOf(m.locale, m.error)}
<p>${esc(t("secondFactor.intro"))}</p>
<form method="post" action="${base}/second-factor?lang=${m.locale}" novalidate>
  <input type="hidden" name="ticket" value="${esc(m.ticket)}">
  <label for="code">${esc(t("secondFactor.code"))}</label>
  <input id="code" name="code" type="text" inputmode="text" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" required maxlength="20" autofocus>
  <button type="submit">${esc(t("secondFactor.submit"))}</button>
</form>
<div class="links"><a href="${base}/abort">${esc(t("cancel"))}</a></div>`,
  });
}
