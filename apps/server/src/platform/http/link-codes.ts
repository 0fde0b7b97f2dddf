import { secretTokenHash } from "../crypto/secret-token.ts";
import { AppError } from "./app-error.ts";
import type { LinkScope } from "./url-signer.ts";

/** What a stored link says about itself: its id (the grant of what it hands out), until when, and whether revoked. */
export interface StoredLink {
  id: string | null;
  expiresAt: Date | null;
  revokedAt?: Date | null;
}

/**
 * Resolves a public link's code (a shared roll's, an order's): found by the code's hash, refused when unknown
 * (401 `unauthorized`, the same answer as a code never made), revoked (`share-revoked`) or expired (`share-expired`).
 * The scope signs whatever the link hands out under its grant, for as long as the link itself holds.
 */
export async function resolveLinkCode<T>(
  code: string | null,
  link: {
    find: (codeHash: string) => Promise<T | undefined>;
    read: (row: T) => StoredLink;
    grant: (linkId: string) => string;
    nowMs: () => number;
  },
): Promise<{ row: T; id: string; expiresAt: Date; scope: LinkScope }> {
  if (!code || code.length > 200) throw new AppError("unauthorized");
  const row = await link.find(secretTokenHash(code));
  const stored = row === undefined ? null : link.read(row);
  if (!stored?.id || !stored.expiresAt) throw new AppError("unauthorized");
  if (stored.revokedAt) throw new AppError("share-revoked");
  // The stated expiry is the enforced one: open until that very instant, and its signed links (which count whole
  // seconds from the current one) last at least as long.
  const expiresMs = stored.expiresAt.getTime();
  const nowMs = link.nowMs();
  if (nowMs >= expiresMs) throw new AppError("share-expired");
  const scope: LinkScope = { ttlS: Math.ceil(expiresMs / 1000) - Math.floor(nowMs / 1000), grant: link.grant(stored.id) };
  return { row: row as T, id: stored.id, expiresAt: stored.expiresAt, scope };
}
