import { createHmac, timingSafeEqual } from "node:crypto";
import { createLinkGrants, type LinkGrants } from "./link-grants.ts";

/** How long a signed link lives, and the revocable grant it is handed out under, if any (see link-grants.ts). */
export interface LinkScope {
  ttlS: number;
  grant?: string | null;
}

/** The query parameters of a signed link as a route receives them. */
export interface SignedQuery {
  expires?: unknown;
  grant?: unknown;
  signature?: unknown;
}

/**
 * Short-lived links to one object: the path, expiry and grant are signed, so no bearer token travels in a URL. A
 * link with a grant holds only while its grant does, checked on every use.
 */
export function createUrlSigner(secret: string, grants: LinkGrants = createLinkGrants()) {
  const signature = (path: string, expires: number, grant: string | null) =>
    createHmac("sha256", secret)
      .update(grant ? `${path}\n${expires}\n${grant}` : `${path}\n${expires}`)
      .digest("base64url");
  return {
    /** `scope`: the lifetime in seconds, or a lifetime and a grant. */
    sign(path: string, scope: number | LinkScope, now = Date.now()): string {
      const { ttlS, grant = null } = typeof scope === "number" ? { ttlS: scope } : scope;
      const expires = Math.floor(now / 1000) + ttlS;
      const granted = grant ? `&grant=${encodeURIComponent(grant)}` : "";
      return `${path}?expires=${expires}${granted}&signature=${signature(path, expires, grant)}`;
    },
    /** Whether the link is one of ours for this path, not expired, and its grant (if any) still holds. */
    async verify(path: string, query: SignedQuery, now = Date.now()): Promise<boolean> {
      const exp = Number(query.expires);
      const sig = query.signature;
      const grant = query.grant === undefined ? null : query.grant;
      if (!Number.isInteger(exp) || exp * 1000 < now || typeof sig !== "string") return false;
      if (grant !== null && (typeof grant !== "string" || grant === "")) return false;
      const expected = Buffer.from(signature(path, exp, grant));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      return grant === null || grants.isActive(grant);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
