import type { LinkSettings, PublicLink, ShareLink, ShareSettings } from "@latent/domain/films";
import type { Kysely, Selectable } from "kysely";
import { newSecretToken } from "../../platform/crypto/secret-token.ts";
import { isForeignKeyViolation } from "../../platform/db/db-errors.ts";
import type { Database, ShareLinksTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { resolveLinkCode } from "../../platform/http/link-codes.ts";
import { hashLinkPassword, isNeverExpiring, type LinkLocks, linkExpiry } from "../../platform/http/link-controls.ts";
import type { GrantCapability, LinkGrants } from "../../platform/http/link-grants.ts";
import { translator } from "../../platform/i18n/translator.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { LinkPreview } from "../web/link-preview.ts";
import {
  countShareLinkOpen,
  deleteShareLinksExpiredBefore,
  findOwnShareLink,
  findShareLinkByHash,
  insertShareLink,
  isShareLinkActive,
  listShareLinks,
  revokeShareLink,
  updateShareLinkSettings,
} from "./shares.store.ts";

/** The kind of grant share links hand their media links, zip links and feed tickets out under (link-grants.ts). */
export const SHARE_GRANT = "share";

export interface SharesDeps {
  db: Kysely<Database>;
  films: Pick<FilmsService, "load" | "withShots">;
  grants: Pick<LinkGrants, "name">;
  bus: Pick<EventBus, "publish">;
  entitlements: Pick<EntitlementsService, "planOf">;
  locks: LinkLocks;
  now?: () => number;
}

type ListedRow = Pick<
  Selectable<ShareLinksTable>,
  "id" | "created_at" | "expires_at" | "revoked_at" | "opens" | "password_hash" | "downloads" | "guest_answers"
>;

/** The settings of a link as its owner sees them (never the password, only whether there is one). */
const settingsOf = (row: Pick<ListedRow, "expires_at" | "password_hash" | "downloads" | "guest_answers">): LinkSettings => ({
  has_password: row.password_hash !== null,
  downloads: row.downloads,
  guest_answers: row.guest_answers,
  never_expires: isNeverExpiring(row.expires_at),
  expires_at: row.expires_at.toISOString(),
});

/**
 * Time-limited public links to a roll: 256-bit codes from a CSPRNG, stored hashed, checked on every use (expiry by
 * the server's clock, revocation by the owner). Everything a link hands out (media and zip links, feed tickets)
 * carries the link's grant, so revoking it stops them all at once. A link may carry a password (asked once per
 * browser session), turn downloads off (its grant then refuses originals and zips) and guest answers off (issue 31).
 */
export function createSharesService(deps: SharesDeps) {
  const { db, films, grants, bus, entitlements, locks } = deps;
  // Read through `Date` at each call (not the function kept at start-up), so a test's controlled clock applies.
  const now = deps.now ?? (() => Date.now());

  /** A code's link whatever its password: an unknown, revoked or expired code is refused. */
  const find = async (code: string | null) => {
    const { row, scope } = await resolveLinkCode(code, {
      find: (codeHash) => findShareLinkByHash(db, codeHash),
      read: (link) => ({ id: link.id, expiresAt: link.expires_at, revokedAt: link.revoked_at }),
      grant: (id) => grants.name(SHARE_GRANT, id),
      nowMs: now,
    });
    const lock = { id: row.id, passwordHash: row.password_hash, passwordGeneration: row.password_generation, expiresAt: row.expires_at };
    const link: PublicLink = { has_password: row.password_hash !== null, downloads: row.downloads, guest_answers: row.guest_answers };
    return { id: row.id, filmId: row.film_id, ownerId: row.user_id, expiresAt: row.expires_at, scope, lock, link };
  };

  /**
   * The roll a code opens, how long, under which grant and with which controls; an unknown, revoked or expired code
   * is refused, and a password link's without the browser's unlock of its current password (`cookies`).
   */
  const resolve = async (code: string | null, cookies: Record<string, string>) => {
    const found = await find(code);
    locks.assertUnlocked(found.lock, cookies);
    return found;
  };

  /** Whether the owner's plan lets links last longer than the free plan's 30 days. */
  const paid = async (userId: string) => (await entitlements.planOf(userId)).id !== "free";

  const toShareLink = (row: ListedRow, at: number): ShareLink => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    opens: Number(row.opens),
    status: row.revoked_at ? "revoked" : row.expires_at.getTime() <= at ? "expired" : "active",
    ...settingsOf(row),
  });

  return {
    /** A new link: `minutes` unless the settings give an expiry; a password, downloads and guest answers as they say. */
    async create(userId: string, filmId: string, minutes: number, settings: ShareSettings = {}) {
      const film = await films.load(userId, filmId);
      const expiresAt = linkExpiry(settings, minutes, now(), await paid(userId))!;
      const { token: code, hash } = newSecretToken();
      const values = {
        film_id: film.id,
        user_id: userId,
        code_hash: hash,
        expires_at: expiresAt,
        created_at: new Date(now()),
        password_hash: settings.password ? await hashLinkPassword(settings.password) : null,
        downloads: settings.downloads ?? true,
        guest_answers: settings.guest_answers ?? true,
      };
      const { id } = await insertShareLink(db, values).catch((err: unknown) => {
        // The roll was deleted between its check and the insert: as gone as if it had never been there.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      });
      return { id, code, ...settingsOf(values) };
    },

    /**
     * Changes a link's settings, never its code. A new or removed password ends every unlock of the earlier one; a
     * new expiry may open an expired link again. 404 when not the caller's; a revoked link stays revoked (409).
     */
    async update(userId: string, filmId: string, shareId: string, settings: ShareSettings): Promise<ShareLink> {
      const film = await films.load(userId, filmId);
      const row = isUuid(shareId) ? await findOwnShareLink(db, userId, film.id, shareId) : undefined;
      if (!row) throw notFound();
      if (row.revoked_at) throw new AppError("share-link-revoked");
      const touchesExpiry = settings.expiry !== undefined || settings.expires_at !== undefined;
      const expiresAt = touchesExpiry ? linkExpiry(settings, null, now(), await paid(userId)) : null;
      const password =
        settings.password === undefined ? {} : { password_hash: settings.password ? await hashLinkPassword(settings.password) : null };
      const updated = await updateShareLinkSettings(db, userId, film.id, row.id, {
        ...password,
        ...(settings.downloads === undefined ? {} : { downloads: settings.downloads }),
        ...(settings.guest_answers === undefined ? {} : { guest_answers: settings.guest_answers }),
        ...(expiresAt ? { expires_at: expiresAt } : {}),
      });
      if (!updated) throw notFound();
      return toShareLink(updated, now());
    },

    resolve,

    /** The Set-Cookie of a browser's unlock of a password link (null: the link has none); wrong ones are counted. */
    async unlock(code: string | null, password: string, client: string) {
      const link = await find(code);
      return locks.unlock(link.lock, password, client);
    },

    /** Resolves the code of someone opening the shared roll, and counts the opening unless it is the page refreshing. */
    async open(code: string | null, cookies: Record<string, string>, options: { refresh: boolean }) {
      const link = await resolve(code, cookies);
      if (!options.refresh) await countShareLinkOpen(db, link.id);
      return link;
    },

    /** A roll's links for its owner (404 for anyone else), newest first. */
    async list(userId: string, filmId: string): Promise<ShareLink[]> {
      const film = await films.load(userId, filmId);
      const at = now();
      return (await listShareLinks(db, userId, film.id)).map((row) => toShareLink(row, at));
    },

    /** Stops a link at once on every route it serves, and closes the feeds opened through it; 404 when not the caller's. */
    async revoke(userId: string, filmId: string, shareId: string) {
      const film = await films.load(userId, filmId);
      if (!isUuid(shareId) || !(await revokeShareLink(db, userId, film.id, shareId, new Date(now())))) throw notFound();
      bus.publish(film.id, { type: "grant-withdrawn", film_id: film.id, grant: grants.name(SHARE_GRANT, shareId) });
    },

    /** Whether links handed out under this share link's grant still hold (for a download, whether it offers them). */
    async isActive(shareId: string, need?: GrantCapability) {
      return isUuid(shareId) && isShareLinkActive(db, shareId, new Date(now()), need === "download");
    },

    /**
     * What a messenger shows for a shared roll's link (Open Graph): its name, stock and cover thumbnail, the cover's
     * link lasting no longer than the share and under its grant. Null for a code that opens nothing (then the page
     * gets the site's own preview). Opening the preview is not counted as opening the roll.
     */
    async preview(code: string, locale: string): Promise<LinkPreview | null> {
      let link: Awaited<ReturnType<typeof find>>;
      try {
        link = await find(code);
      } catch (err) {
        if (err instanceof AppError) return null;
        throw err;
      }
      // A password link shows nothing of the roll to whoever merely holds its address (a messenger's preview).
      if (link.lock.passwordHash) return null;
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
