import type { ShareLink } from "@latent/domain/films";
import type { Kysely } from "kysely";
import { newSecretToken } from "../../platform/crypto/secret-token.ts";
import { isForeignKeyViolation } from "../../platform/db/db-errors.ts";
import type { Database } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { resolveLinkCode } from "../../platform/http/link-codes.ts";
import type { LinkGrants } from "../../platform/http/link-grants.ts";
import { translator } from "../../platform/i18n/translator.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { LinkPreview } from "../web/link-preview.ts";
import {
  countShareLinkOpen,
  deleteShareLinksExpiredBefore,
  findShareLinkByHash,
  insertShareLink,
  isShareLinkActive,
  listShareLinks,
  revokeShareLink,
} from "./shares.store.ts";

/** The kind of grant share links hand their media links, zip links and feed tickets out under (link-grants.ts). */
export const SHARE_GRANT = "share";

export interface SharesDeps {
  db: Kysely<Database>;
  films: Pick<FilmsService, "load" | "withShots">;
  grants: Pick<LinkGrants, "name">;
  bus: Pick<EventBus, "publish">;
  now?: () => number;
}

/**
 * Time-limited public links to a roll: 256-bit codes from a CSPRNG, stored hashed, checked on every use (expiry by
 * the server's clock, revocation by the owner). Everything a link hands out (media and zip links, feed tickets)
 * carries the link's grant, so revoking it stops them all at once.
 */
export function createSharesService(deps: SharesDeps) {
  const { db, films, grants, bus } = deps;
  // Read through `Date` at each call (not the function kept at start-up), so a test's controlled clock applies.
  const now = deps.now ?? (() => Date.now());

  /** The roll a code opens, how long and under which grant; an unknown, revoked or expired code is refused. */
  const resolve = async (code: string | null) => {
    const { row, scope } = await resolveLinkCode(code, {
      find: (codeHash) => findShareLinkByHash(db, codeHash),
      read: (link) => ({ id: link.id, expiresAt: link.expires_at, revokedAt: link.revoked_at }),
      grant: (id) => grants.name(SHARE_GRANT, id),
      nowMs: now,
    });
    return { id: row.id, filmId: row.film_id, ownerId: row.user_id, expiresAt: row.expires_at, scope };
  };

  return {
    async create(userId: string, filmId: string, minutes: number) {
      const film = await films.load(userId, filmId);
      const { token: code, hash } = newSecretToken();
      const expiresAt = new Date(now() + minutes * 60_000);
      const { id } = await insertShareLink(db, {
        film_id: film.id,
        user_id: userId,
        code_hash: hash,
        expires_at: expiresAt,
        created_at: new Date(now()),
      }).catch((err: unknown) => {
        // The roll was deleted between its check and the insert: as gone as if it had never been there.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      });
      return { id, code, expires_at: expiresAt.toISOString() };
    },

    resolve,

    /** Resolves the code of someone opening the shared roll, and counts the opening unless it is the page refreshing. */
    async open(code: string | null, options: { refresh: boolean }) {
      const link = await resolve(code);
      if (!options.refresh) await countShareLinkOpen(db, link.id);
      return link;
    },

    /** A roll's links for its owner (404 for anyone else), newest first. */
    async list(userId: string, filmId: string): Promise<ShareLink[]> {
      const film = await films.load(userId, filmId);
      const at = now();
      return (await listShareLinks(db, userId, film.id)).map((row) => ({
        id: row.id,
        created_at: row.created_at.toISOString(),
        expires_at: row.expires_at.toISOString(),
        revoked_at: row.revoked_at?.toISOString() ?? null,
        opens: Number(row.opens),
        status: row.revoked_at ? "revoked" : row.expires_at.getTime() <= at ? "expired" : "active",
      }));
    },

    /** Stops a link at once on every route it serves, and closes the feeds opened through it; 404 when not the caller's. */
    async revoke(userId: string, filmId: string, shareId: string) {
      const film = await films.load(userId, filmId);
      if (!isUuid(shareId) || !(await revokeShareLink(db, userId, film.id, shareId, new Date(now())))) throw notFound();
      bus.publish(film.id, { type: "grant-withdrawn", film_id: film.id, grant: grants.name(SHARE_GRANT, shareId) });
    },

    /** Whether links handed out under this share link's grant still hold. */
    async isActive(shareId: string) {
      return isUuid(shareId) && isShareLinkActive(db, shareId, new Date(now()));
    },

    /**
     * What a messenger shows for a shared roll's link (Open Graph): its name, stock and cover thumbnail, the cover's
     * link lasting no longer than the share and under its grant. Null for a code that opens nothing (then the page
     * gets the site's own preview). Opening the preview is not counted as opening the roll.
     */
    async preview(code: string, locale: string): Promise<LinkPreview | null> {
      let link: Awaited<ReturnType<typeof resolve>>;
      try {
        link = await resolve(code);
      } catch (err) {
        if (err instanceof AppError) return null;
        throw err;
      }
      const film = await films.withShots(await films.load(link.ownerId, link.filmId), link.scope);
      const stock = `${film.brand} ${film.model}${film.model.includes(String(film.iso)) ? "" : ` ${film.iso}`}`.trim();
      return {
        title: film.name.trim() || stock,
        description: translator(locale, "shares")("preview.description", { stock, format: film.format, count: film.n_exp }),
        image: film.cover_url,
      };
    },

    /** Removes links that expired more than a day ago (revoked ones too: they are listed until then). */
    async prune() {
      await deleteShareLinksExpiredBefore(db, new Date(now() - 24 * 3600_000));
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
