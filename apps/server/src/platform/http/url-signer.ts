import { createHmac, timingSafeEqual } from "node:crypto";
import { createLinkGrants, type GrantCapability, type LinkGrants } from "./link-grants.ts";

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

const EXPIRY_GRID_S = 60;
const SIGNATURE_MEMO_LIMIT = 50_000;

/**
 * Short-lived links to one object: the path, expiry and grant are signed, so no bearer token travels in a URL. A
 * link with a grant holds only while its grant does, checked on every use.
 */
export function createUrlSigner(secret: string, grants: LinkGrants = createLinkGrants()) {
  const signature = (path: string, expires: number, grant: string | null) =>
    createHmac("sha256", secret)
      .update(grant ? `${path}\n${expires}\n${grant}` : `${path}\n${expires}`)
      .digest("base64url");
  // A roll's page signs three links per shot per request: an HMAC each was a tenth of its cost (decision 0024).
  // Links without a grant expire on a whole minute, so the same link is handed out, and its signature reused, for
  // up to a minute (and the browser's cache of the image holds across reloads meanwhile).
  const signed = new Map<string, string>();
  const memoSignature = (path: string, expires: number) => {
    const key = `${path}\n${expires}`;
    let sig = signed.get(key);
    if (sig === undefined) {
      if (signed.size >= SIGNATURE_MEMO_LIMIT) signed.clear();
      sig = signature(path, expires, null);
      signed.set(key, sig);
    }
    return sig;
  };
  return {
    /**
     * `scope`: the lifetime in seconds, or a lifetime and a grant. A link without a grant lives between `ttlS` less
     * a minute and `ttlS` (it ends on a whole minute); one with a grant ends exactly `ttlS` from now.
     */
    sign(path: string, scope: number | LinkScope, now = Date.now()): string {
      const { ttlS, grant = null } = typeof scope === "number" ? { ttlS: scope } : scope;
      if (!grant && ttlS > 2 * EXPIRY_GRID_S) {
        const expires = Math.floor((Math.floor(now / 1000) + ttlS) / EXPIRY_GRID_S) * EXPIRY_GRID_S;
        return `${path}?expires=${expires}&signature=${memoSignature(path, expires)}`;
      }
      const expires = Math.floor(now / 1000) + ttlS;
      const granted = grant ? `&grant=${encodeURIComponent(grant)}` : "";
      return `${path}?expires=${expires}${granted}&signature=${signature(path, expires, grant)}`;
    },
    /**
     * Whether the link is one of ours for this path, not expired, and its grant (if any) still holds, with the
     * capability the route needs (`download` for an original or a zip).
     */
    async verify(path: string, query: SignedQuery, now = Date.now(), need?: GrantCapability): Promise<boolean> {
      const exp = Number(query.expires);
      const sig = query.signature;
      const grant = query.grant === undefined ? null : query.grant;
      if (!Number.isInteger(exp) || exp * 1000 < now || typeof sig !== "string") return false;
      if (grant !== null && (typeof grant !== "string" || grant === "")) return false;
      const expected = Buffer.from(signature(path, exp, grant));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      return grant === null || grants.isActive(grant, need);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
