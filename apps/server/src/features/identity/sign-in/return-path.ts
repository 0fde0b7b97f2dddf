/**
 * A path of this site to send someone back to after sign-up and email confirmation (the web app's `return_to`, an
 * order's page); null for anything else. Only a path on the same origin: a crafted value must not make a mailed link
 * of ours lead to another site (no `//host`, no `/\host`, no scheme, no blanks or control characters).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return null;
  const base = "https://latent.invalid";
  const url = new URL(value, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}
