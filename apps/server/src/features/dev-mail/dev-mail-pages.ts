import { senderAddress } from "../../platform/mail/mailer.ts";
import { linksIn, type OutboxMail } from "../../platform/mail/outbox-mailer.ts";

/**
 * The policy a mail's HTML is served under: a sandbox (an opaque origin, no scripts, no forms, no top navigation;
 * only links opening a new tab) and nothing loaded but images and inline styles. A mail cannot run code in Latent's
 * origin, read its cookies or storage, or post anything, even when its HTML is opened outside the list's frame.
 */
export const MAIL_HTML_POLICY = [
  "sandbox allow-popups allow-popups-to-escape-sandbox",
  "default-src 'none'",
  "img-src 'self' data: https: http:",
  "style-src 'unsafe-inline'",
  "font-src data:",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

/** The same sandbox on the frame itself, so a browser that ignores the header's sandbox still keeps scripts off. */
export const FRAME_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A mail's text part as HTML: escaped, with each http(s) address a link that opens a new tab. */
export function linkedText(text: string): string {
  let html = "";
  let last = 0;
  for (const { url, index } of linksIn(text)) {
    html += escapeHtml(text.slice(last, index));
    html += `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** A mail's own HTML, with every link opening a new tab (the sandbox allows popups, never navigating the viewer). */
export function mailDocument(html: string): string {
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? "";
  return `${doctype}<base target="_blank">${html.slice(doctype.length)}`;
}

const fromOf = (mail: OutboxMail, from: string) => (mail.from_name ? `${mail.from_name} <${senderAddress(from)}>` : from);

function mailSection(mail: OutboxMail, from: string): string {
  const rows: [string, string][] = [
    ["To", mail.to],
    ["From", fromOf(mail, from)],
    ...(mail.reply_to ? ([["Reply-To", mail.reply_to]] as [string, string][]) : []),
    ["Date", new Date(mail.created_at).toISOString()],
  ];
  const html = mail.html
    ? `<iframe sandbox="${FRAME_SANDBOX}" src="/dev/mail/${escapeHtml(mail.id)}/html" title="${escapeHtml(mail.subject)}" referrerpolicy="no-referrer"></iframe>`
    : "";
  return `<article id="mail-${escapeHtml(mail.id)}">
<h2>${escapeHtml(mail.subject)}</h2>
<dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl>
${html}
<details${mail.html ? "" : " open"}><summary>Text part</summary><pre>${linkedText(mail.text)}</pre></details>
</article>`;
}

/** The list of the outbox's mails, newest first: plain server-rendered HTML, no script (the server's policy allows none). */
export function mailListPage(mails: OutboxMail[], from: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Latent · outbox (${mails.length})</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #222; }
header { display: flex; justify-content: space-between; align-items: baseline; }
article { border-top: 1px solid #ccc; padding: 0.75rem 0 1.25rem; }
h2 { font-size: 1.1rem; margin: 0.25rem 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 0.75rem; margin: 0 0 0.5rem; color: #555; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
iframe { width: 100%; height: 28rem; border: 1px solid #ddd; background: #fff; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 0.5rem; }
</style>
</head>
<body>
<header><h1>Outbox</h1><a href="/dev/mail">Refresh</a></header>
<p>Mails this server stored instead of sending them (no <code>SMTP_URL</code>), newest first. This page exists only on a
development machine; links open in a new tab.</p>
${mails.length ? mails.map((m) => mailSection(m, from)).join("\n") : "<p>No mail yet.</p>"}
</body>
</html>`;
}
