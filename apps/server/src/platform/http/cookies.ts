/**
 * The few cookies the API sets itself (a password link's unlock, a guest's identity for one link, issue 31): read
 * from the Cookie header, written as one Set-Cookie each. Names and values are ours (letters, digits, `-_.`), so
 * nothing needs escaping; anything else in the header is skipped, never an error.
 */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (/^[\w.-]{1,100}$/.test(name) && /^[\w.-]{0,400}$/.test(value) && !(name in cookies)) cookies[name] = value;
  }
  return cookies;
}

export interface CookieOptions {
  path: string;
  /** Seconds; none: a session cookie, gone when the browser closes. */
  maxAge?: number;
  secure: boolean;
}

/** An HttpOnly, SameSite=Lax cookie: sent on the site's own requests and its top-level navigations only. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, "HttpOnly", "SameSite=Lax"];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}
