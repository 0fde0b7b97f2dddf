/**
 * Error reports to a Sentry-compatible service (Sentry or GlitchTip), written once for the server and the web app:
 * how often, and what a report may carry. Reporting is not part of the product (spec §1), so it learns nothing of a
 * user's: no tokens, share codes, emails or file names. The SDKs are told to collect little; the scrubber below is the
 * net under whatever they collect anyway.
 */

/** The spec's rates (§9 "Reporting"): a tenth of requests traced and of sessions recorded, every session with an error. */
export const REPORT_RATES = { traces: 0.1, replays: 0.1, replaysOnError: 1 } as const;

const REDACTED = "[redacted]";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A secret's shape as a path segment: the 256-bit tokens of reset, verification and email-change links, share codes,
 * session ids, signed values. Long, and with a digit or both cases (random text has them; a route's words and file
 * names do not). Record ids (UUIDs) stay: an operator follows a request by them.
 */
export const tokenLike = (segment: string) =>
  /^[\w%~-]{16,}$/.test(segment) && !UUID.test(segment) && (/\d/.test(segment) || (/[a-z]/.test(segment) && /[A-Z]/.test(segment)));

/** Paths whose next segment is a link's code whatever it looks like (a short share link, a sticker's hash). */
const CODE_PATH = /(\/(?:s|share|sticker|order|film\/share)\/)[^/?#\s"'\\]+/g;
const CREDENTIAL = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
// `%40` too: an email in a URL arrives percent-encoded.
const EMAIL = /[\w.+%-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;
const QUERY_VALUE = /([?&][^=&#\s"'/\\]+=)[^&#\s"'\\]+/g;
const PATH_SEGMENT = /(?<=\/)[\w%~-]{16,}(?=[/?#"'\s\\]|$)/g;
/** A random token standing alone (not in a path): both cases and a digit, or both cases and a 256-bit length. */
const LOOSE_TOKEN = /(?<![\w-])[\w-]{20,}(?![\w-])/g;
const looseTokenLike = (word: string) =>
  !UUID.test(word) && /[a-z]/.test(word) && /[A-Z]/.test(word) && (/\d/.test(word) || word.length >= 32);
/** A user's file: scans, pictures, documents and archives (a roll's zip is named after the roll). Code files stay. */
const FILE_NAME =
  /[^\s/\\"'<>|:*?=&]+\.(?:jpe?g|png|gif|webp|avif|heic|heif|tiff?|dng|raw|cr[23]|nef|arw|orf|rw2|raf|pef|srw|psd|bmp|pdf|zip|csv|txt|xmp|lrcat)\b/gi;

/** A lab's API key and a webhook signing secret, recognised by their prefix wherever they stand (a header quoted in an error). */
export const PREFIXED_SECRET = /\b(latk|whsec)_[\w+/=-]+/g;

/** Text with every credential, email, query value, link code, token-shaped word and user file name replaced. */
export function scrubText(text: string): string {
  return text
    .replace(PREFIXED_SECRET, `$1_${REDACTED}`)
    .replace(CREDENTIAL, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(EMAIL, "[email]")
    .replace(QUERY_VALUE, `$1${REDACTED}`)
    .replace(CODE_PATH, `$1${REDACTED}`)
    .replace(PATH_SEGMENT, (segment) => (tokenLike(segment) ? REDACTED : segment))
    .replace(LOOSE_TOKEN, (word) => (looseTokenLike(word) ? REDACTED : word))
    .replace(FILE_NAME, "[file]");
}

/** Keys dropped wherever they appear: credentials, cookies, local variables, a person's address or name. */
const DROPPED_KEYS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "cookies",
  "set-cookie",
  "x-latent-dev-secret",
  "vars",
  "email",
  "ip_address",
  "username",
  "password",
  "token",
]);

/**
 * A request's parts dropped: its body holds emails, file names and passwords in no recognisable shape, its query
 * string codes and tickets. (A breadcrumb's or span's `data` is the SDK's own structure: scrubbed, not dropped.)
 */
const DROPPED_REQUEST_KEYS = new Set(["data", "query_string", "cookies", "env"]);

/** A request's headers that say nothing of who sent it. */
const KEPT_HEADERS = new Set(["user-agent", "content-type", "content-length", "accept", "accept-language", "x-request-id", "referer"]);

function scrubValue(value: unknown, key: string): unknown {
  if (typeof value === "string") return scrubText(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, key));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const lower = k.toLowerCase();
    if (DROPPED_KEYS.has(lower)) continue;
    if (key === "request" && DROPPED_REQUEST_KEYS.has(lower)) continue;
    if (key === "headers" && !KEPT_HEADERS.has(lower)) continue;
    if (key === "user" && lower !== "id") continue;
    out[scrubText(k)] = scrubValue(v, lower);
  }
  return out;
}

/**
 * A copy of an error event, transaction, span or breadcrumb fit to leave: credentials, cookies, bodies, query strings
 * and a user's address dropped, every string scrubbed (`scrubText`). The user keeps only an id.
 */
export function scrubReport<T>(report: T): T {
  return scrubValue(report, "") as T;
}
