import { LOCALE_NAMES, LOCALES, type Locale } from "@latent/domain/locales";
import { type TextKey, translator } from "../../i18n/translator.ts";

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
  role?: "user" | "lab";
  error?: AuthError;
  fieldErrors?: Partial<Record<"email" | "password", AuthError>>;
  registrationOpen: boolean;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f1ec;color:#1d1b18}
main{max-width:400px;margin:6vh auto;padding:32px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.brand{font-weight:700;letter-spacing:.2em;text-transform:uppercase;color:#b4461f;margin:0 0 8px}
h1{font-size:1.4rem;margin:0 0 20px}label{display:block;font-weight:600;margin:14px 0 4px}
input[type=email],input[type=password]{width:100%;padding:10px 12px;border:1px solid #8a8580;border-radius:8px;font:inherit}
input:focus,button:focus,a:focus{outline:3px solid #e0a080;outline-offset:2px}
fieldset{border:0;padding:0;margin:14px 0 0}legend{font-weight:600;padding:0}fieldset label{display:inline-flex;gap:6px;font-weight:400;margin-right:16px}
.hint{color:#5c5853;font-size:.875rem;margin:4px 0 0}.field-error{color:#a3001b;font-size:.875rem;margin:4px 0 0}
.alert{background:#fde8e8;border:1px solid #e6a3a3;color:#7a0010;padding:10px 12px;border-radius:8px}
button{margin-top:22px;width:100%;padding:11px;border:0;border-radius:8px;background:#b4461f;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#8f3716}.links{margin-top:18px;display:flex;flex-direction:column;gap:6px}a{color:#8f3716}
nav.lang{max-width:400px;margin:16px auto 0;text-align:center;font-size:.875rem}nav.lang a{margin:0 6px}`;

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
  const form = signupClosed
    ? ""
    : `<form method="post" action="${base}/${m.mode}?lang=${m.locale}" novalidate>
  <label for="email">${esc(t("email"))}</label>
  <input id="email" name="email" type="email" autocomplete="email" required value="${esc(m.email)}" ${
    described("email") ? `aria-describedby="${described("email")}" aria-invalid="true"` : ""
  } autofocus>
  ${fieldError("email")}
  <label for="password">${esc(t("password"))}</label>
  <input id="password" name="password" type="password" required minlength="8" autocomplete="${
    m.mode === "login" ? "current-password" : "new-password"
  }" aria-describedby="${described("password", m.mode === "signup" ? "password-hint" : "")}">
  ${m.mode === "signup" ? `<p class="hint" id="password-hint">${esc(t("passwordHint"))}</p>` : ""}
  ${fieldError("password")}
  ${
    m.mode === "signup"
      ? `<fieldset><legend>${esc(t("role.label"))}</legend>
  <label><input type="radio" name="role" value="user" ${m.role !== "lab" ? "checked" : ""}> ${esc(t("role.user"))}</label>
  <label><input type="radio" name="role" value="lab" ${m.role === "lab" ? "checked" : ""}> ${esc(t("role.lab"))}</label></fieldset>`
      : ""
  }
  <button type="submit">${esc(t(`submit.${m.mode}`))}</button>
</form>`;
  const other = m.mode === "login" ? "signup" : "login";
  return `<!doctype html>
<html lang="${m.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Latent</title><link rel="icon" href="${FAVICON}"><style>${STYLE}</style></head>
<body><main>
<p class="brand">Latent</p>
<h1>${esc(title)}</h1>
${alert}
${form}
<div class="links">
  <a href="${base}?mode=${other}&amp;lang=${m.locale}">${esc(t(`switchTo.${other}`))}</a>
  <a href="${base}/abort">${esc(t("cancel"))}</a>
</div>
</main>
<nav class="lang" aria-label="${esc(t("language"))}">${LOCALES.map(
    (l) =>
      `<a href="${base}?mode=${m.mode}&amp;lang=${l}" lang="${l}"${l === m.locale ? ' aria-current="true"' : ""}>${esc(LOCALE_NAMES[l])}</a>`,
  ).join("")}</nav>
</body></html>`;
}

/** A page for a stale or unknown interaction: nothing to resume, start again. */
export function renderExpiredPage(locale: Locale): string {
  const t = translator(locale, "auth");
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Latent</title><style>${STYLE}</style></head><body><main><p class="brand">Latent</p>
<div class="alert" role="alert">${esc(t("expired"))}</div><div class="links"><a href="/">${esc(t("back"))}</a></div></main></body></html>`;
}
