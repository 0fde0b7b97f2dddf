import { PASSWORD_MIN_LENGTH } from "@latent/domain/account";
import { BACKGROUND_COLOR, BRAND_PALETTE, THEME_COLOR } from "@latent/domain/brand";
import { LOCALE_NAMES, LOCALES, type Locale } from "@latent/domain/locales";
import { type TextKey, type Translate, translator } from "../../../platform/i18n/translator.ts";

// The same mark as the web app's, inline so the sign-in page asks for nothing else.
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Ccircle cx='16' cy='16' r='14' fill='%23b4461f'/%3E%3Ccircle cx='16' cy='16' r='6' fill='%23f4f1ec'/%3E%3C/svg%3E";

export const esc = (v: unknown) => String(v ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message of the page's `errors` group in `locales/<locale>/auth.json`. */
export type AuthError = TextKey<"auth"> extends infer K ? (K extends `errors.${infer E}` ? E : never) : never;

export interface AuthPageModel {
  locale: Locale;
  uid: string;
  mode: "login" | "signup";
  email?: string;
  /**
   * Sign-up with the address the link came with (the web's `login_hint`, an order's customer): shown read-only,
   * with a link that unlocks it. Only a convenience: the server takes whatever address is posted.
   */
  emailLocked?: boolean;
  role?: "user" | "lab";
  error?: AuthError;
  fieldErrors?: Partial<Record<"email" | "password", AuthError>>;
  registrationOpen: boolean;
}

/** The brand's safelight orange (domain `brand.ts`, the web theme's `latent` scale): buttons, hover, footer links. */
const BRAND = THEME_COLOR;
const BRAND_HOVER = BRAND_PALETTE[8];
const BRAND_DARK = BRAND_PALETTE[9];

/**
 * The web app's look (apps/web/src/shared/ui/theme.ts and the public header): its system font stack, the brand's
 * colours, Mantine's greys, borders and md radius, the red-9 of field errors and the gray-7 of secondary text (both
 * ≥ 4.5:1 on white). The web app has no dark theme, so these pages declare themselves light rather than let the
 * browser invert half of them.
 */
const STYLE = `
:root{color-scheme:light}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;line-height:1.55;color:#000;background:${BACKGROUND_COLOR};-webkit-text-size-adjust:100%}
a{color:${BRAND};text-underline-offset:2px}a:hover{color:${BRAND_HOVER}}
:focus-visible{outline:2px solid ${BRAND};outline-offset:2px}
.skip{position:absolute;left:16px;top:-100px;z-index:10;padding:6px 16px;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.2)}.skip:focus{top:8px}
.bar{max-width:1140px;margin:0 auto;padding:0 16px;display:flex;align-items:center;justify-content:space-between;gap:12px}
header{border-bottom:1px solid #dee2e6;padding:12px 0}
.brand{font-weight:800;font-size:18px;letter-spacing:.2em;text-transform:uppercase;color:${BRAND};text-decoration:none}
.lang{position:relative}
.lang summary{list-style:none;cursor:pointer;padding:6px 14px;border-radius:8px;font-size:14px;font-weight:600;color:#212529}
.lang summary::-webkit-details-marker{display:none}.lang summary::after{content:" ▾";font-size:12px}.lang summary:hover{background:#f1f3f5}
.lang ul{position:absolute;right:0;top:calc(100% + 4px);z-index:5;min-width:160px;margin:0;padding:4px;list-style:none;background:#fff;border:1px solid #dee2e6;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.12)}
.lang li a{display:block;padding:8px 12px;border-radius:6px;color:#000;text-decoration:none;font-size:14px}.lang li a:hover{background:#f1f3f5}.lang a[aria-current]{font-weight:700}
main{flex:1;padding:48px 16px}
.card{max-width:440px;margin:0 auto;padding:32px;border:1px solid #dee2e6;border-radius:8px;background:#fff}
h1{font-size:26px;line-height:1.3;font-weight:700;margin:0 0 24px}
label,legend{display:block;font-size:14px;font-weight:500;margin:16px 0 4px;padding:0}
input[type=email],input[type=password],input[type=text]{display:block;width:100%;height:42px;padding:0 12px;border:1px solid #ced4da;border-radius:8px;font:inherit;color:inherit;background:#fff}
input[type=email]:focus,input[type=password]:focus,input[type=text]:focus{border-color:${BRAND}}
.strength{display:flex;align-items:center;gap:12px;margin:8px 0 0;font-size:14px;color:#495057}.strength meter{flex:1;height:8px}
.success{margin:0 0 8px;padding:12px 16px;border:1px solid #b2f2bb;border-left:4px solid #2b8a3e;border-radius:8px;background:#ebfbee}
input[aria-invalid=true]{border-color:#c92a2a}
fieldset{border:0;padding:0;margin:16px 0 0;min-width:0}fieldset legend{margin-top:0}
.choice{display:flex;flex-wrap:wrap;gap:8px 24px}.choice label{display:inline-flex;align-items:center;gap:8px;margin:4px 0;font-size:16px;font-weight:400;cursor:pointer}
input[type=radio]{width:18px;height:18px;margin:0;accent-color:${BRAND}}
.hint{color:#495057;font-size:14px;margin:4px 0 0}.field-error{color:#c92a2a;font-size:14px;margin:4px 0 0}
.alert{margin:0 0 8px;padding:12px 16px;border:1px solid #ffc9c9;border-left:4px solid #c92a2a;border-radius:8px;background:#fff5f5}
.consent{color:#495057;font-size:14px;margin:20px 0 0}
button{display:block;width:100%;min-height:42px;margin-top:24px;padding:8px 18px;border:0;border-radius:8px;background:${BRAND};color:#fff;font:inherit;font-weight:600;cursor:pointer}button:hover{background:${BRAND_HOVER}}
.links{margin-top:20px;display:flex;flex-direction:column;gap:8px;font-size:15px}
footer{border-top:1px solid #dee2e6;background:#f8f9fa;padding:20px 0;font-size:14px}
footer nav{display:flex;flex-wrap:wrap;gap:8px 20px}footer a{color:${BRAND_DARK}}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (max-width:480px){main{padding:24px 12px}.card{padding:20px 16px}h1{font-size:22px}}`;

/** A link that opens beside the sign-in, so a half-filled form is not lost; screen readers are told so. */
const newTabLink = (t: Translate<"auth">, href: string, text: string) =>
  `<a href="${href}" target="_blank" rel="noopener">${esc(text)}<span class="sr-only"> ${esc(t("legal.newTab"))}</span></a>`;

export interface Shell {
  locale: Locale;
  /** The page's own title, before " · Latent"; null for just "Latent". */
  title: string | null;
  /** Links of the language menu, one per locale; none where there is nothing to switch (an expired page). */
  languageHref?: (locale: Locale) => string;
  content: string;
}

/** Every page of the embedded provider: the web app's header (brand, language), a card, and the legal links. */
export function page({ locale, title, languageHref, content }: Shell): string {
  const t = translator(locale, "auth");
  const languages = languageHref
    ? `<nav aria-label="${esc(t("language"))}"><details class="lang"><summary aria-label="${esc(
        t("languageCurrent", { language: LOCALE_NAMES[locale] }),
      )}">${esc(LOCALE_NAMES[locale])}</summary><ul>${LOCALES.map(
        (l) => `<li><a href="${languageHref(l)}" lang="${l}"${l === locale ? ' aria-current="true"' : ""}>${esc(LOCALE_NAMES[l])}</a></li>`,
      ).join("")}</ul></details></nav>`
    : "";
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><meta name="theme-color" content="${THEME_COLOR}">
<title>${title ? `${esc(title)} · Latent` : "Latent"}</title><link rel="icon" href="${FAVICON}"><style>${STYLE}</style></head>
<body><a class="skip" href="#main">${esc(t("skip"))}</a>
<header><div class="bar"><a class="brand" href="/">Latent</a>${languages}</div></header>
<main id="main"><div class="card">
${content}
</div></main>
<footer><div class="bar"><nav aria-label="${esc(t("legal.nav"))}">${newTabLink(t, "/privacy", t("legal.privacy"))}${newTabLink(
    t,
    "/terms-and-conditions",
    t("legal.terms"),
  )}</nav></div></footer>
</body></html>`;
}

/** "By creating an account you accept the terms and the privacy policy", each a link, in the page's language. */
function consent(t: Translate<"auth">): string {
  // The sentence is escaped whole, then its two placeholders become links (their texts escaped on their own).
  const marks = { terms: "\u0001terms\u0001", privacy: "\u0001privacy\u0001" };
  return esc(t("legal.accept", marks))
    .replace(marks.terms, newTabLink(t, "/terms-and-conditions", t("legal.acceptTerms")))
    .replace(marks.privacy, newTabLink(t, "/privacy", t("legal.acceptPrivacy")));
}

/** The embedded provider's sign-in and sign-up page (server-rendered, no script needed). */
export function renderAuthPage(m: AuthPageModel): string {
  const t = translator(m.locale, "auth");
  const base = `/auth/interaction/${encodeURIComponent(m.uid)}`;
  const title = t(`title.${m.mode}`);
  const fieldError = (field: "email" | "password") =>
    m.fieldErrors?.[field] ? `<p class="field-error" id="${field}-error">${esc(t(`errors.${m.fieldErrors[field]}`))}</p>` : "";
  const described = (field: "email" | "password", extra = "") =>
    [m.fieldErrors?.[field] ? `${field}-error` : "", extra].filter(Boolean).join(" ");
  const alert = m.error
    ? `<div class="alert" role="alert">${esc(t(`errors.${m.error}`))}${m.error === "signinBlocked" ? ` ${esc(t("contactSupport"))}` : ""}</div>`
    : "";
  const signupClosed = m.mode === "signup" && !m.registrationOpen;
  const locked = m.mode === "signup" && m.emailLocked === true && Boolean(m.email);
  const form = signupClosed
    ? ""
    : `<form method="post" action="${base}/${m.mode}?lang=${m.locale}" novalidate>
  <label for="email">${esc(t("email"))}</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${esc(m.email)}" ${
    described("email", locked ? "email-hint" : "")
      ? `aria-describedby="${described("email", locked ? "email-hint" : "")}"${m.fieldErrors?.email ? ' aria-invalid="true"' : ""}`
      : ""
  }${locked ? " readonly" : " autofocus"}>
  ${
    locked
      ? `<p class="hint" id="email-hint">${esc(t("emailLocked.hint"))} <a href="${base}?mode=signup&amp;email=other&amp;lang=${m.locale}">${esc(
          t("emailLocked.other"),
        )}</a></p>`
      : ""
  }
  ${fieldError("email")}
  <label for="password">${esc(t("password"))}</label>
  <input id="password" name="password" type="password" required minlength="${PASSWORD_MIN_LENGTH}"${locked ? " autofocus" : ""} autocomplete="${
    m.mode === "login" ? "current-password" : "new-password"
  }" aria-describedby="${described("password", m.mode === "signup" ? "password-hint" : "")}"${
    m.fieldErrors?.password ? ' aria-invalid="true"' : ""
  }>
  ${m.mode === "signup" ? `<p class="hint" id="password-hint">${esc(t("passwordHint"))}</p>${strengthMeter(t)}` : ""}
  ${fieldError("password")}
  ${
    m.mode === "signup"
      ? `<fieldset><legend>${esc(t("role.label"))}</legend><div class="choice">
  <label><input type="radio" name="role" value="user" ${m.role !== "lab" ? "checked" : ""}> ${esc(t("role.user"))}</label>
  <label><input type="radio" name="role" value="lab" ${m.role === "lab" ? "checked" : ""}> ${esc(t("role.lab"))}</label></div></fieldset>
  <p class="consent">${consent(t)}</p>`
      : ""
  }
  <button type="submit">${esc(t(`submit.${m.mode}`))}</button>
</form>`;
  const other = m.mode === "login" ? "signup" : "login";
  return page({
    locale: m.locale,
    title,
    languageHref: (l) => `${base}?mode=${m.mode}&amp;lang=${l}`,
    content: `<h1>${esc(title)}</h1>
${alert}
${form}
<div class="links">
  ${m.mode === "login" ? `<a href="/auth/forgot?lang=${m.locale}&amp;uid=${encodeURIComponent(m.uid)}">${esc(t("forgot.link"))}</a>` : ""}
  <a href="${base}?mode=${other}&amp;lang=${m.locale}">${esc(t(`switchTo.${other}`))}</a>
  <a href="${base}/abort">${esc(t("cancel"))}</a>
</div>`,
  });
}

/**
 * A strength meter under the `#password` field: a rough estimate while typing (the server's rule decides), shown
 * only when script runs, so the page works the same without it. The script is a file of its own
 * (STRENGTH_METER_SCRIPT at /auth/strength-meter.js), its words in a data attribute: the pages' Content-Security-Policy
 * runs no inline script.
 */
export function strengthMeter(t: Translate<"auth">): string {
  const labels = (["tooShort", "weak", "fair", "good", "strong"] as const).map((k) => t(`strength.${k}`));
  return `<div class="strength" id="strength" data-labels="${esc(JSON.stringify(labels))}" hidden><meter id="strength-meter" min="0" max="4" low="2" high="3" optimum="4" value="0" aria-label="${esc(
    t("strength.label"),
  )}"></meter><span id="strength-text" aria-live="polite"></span></div>
<script src="${STRENGTH_METER_PATH}" defer></script>`;
}

export const STRENGTH_METER_PATH = "/auth/strength-meter.js";
export const STRENGTH_METER_SCRIPT = `(function(){var i=document.getElementById("password"),b=document.getElementById("strength"),m=document.getElementById("strength-meter"),o=document.getElementById("strength-text");if(!i||!b)return;var L=JSON.parse(b.getAttribute("data-labels")||"[]");b.hidden=false;function u(){var v=i.value,n=Array.from(v).length,p=0;if(/[a-z]/.test(v))p+=26;if(/[A-Z]/.test(v))p+=26;if(/[0-9]/.test(v))p+=10;if(/[^a-zA-Z0-9]/.test(v))p+=33;var bits=n*Math.log2(Math.max(p,2)),s=n<${PASSWORD_MIN_LENGTH}?0:bits<50?1:bits<65?2:bits<90?3:4;m.value=s;o.textContent=L[s];}i.addEventListener("input",u);u();})();`;

/** A page for a stale or unknown interaction: nothing to resume, start again. */
export function renderExpiredPage(locale: Locale): string {
  const t = translator(locale, "auth");
  return page({
    locale,
    title: null,
    content: `<div class="alert" role="alert">${esc(t("expired"))}</div><div class="links"><a href="/">${esc(t("back"))}</a></div>`,
  });
}
