import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/app-error.ts";
import type { FilmsService } from "../films/films.service.ts";
import { deleteShareLinksExpiredBefore, findShareLinkByHash, insertShareLink } from "./shares.store.ts";

const hash = (code: string) => createHash("sha256").update(code).digest("hex");

/** Time-limited public links to a roll: 256-bit codes from a CSPRNG, stored hashed, expiry checked on every use. */
export function createSharesService(deps: { db: Kysely<Database>; films: Pick<FilmsService, "load">; now?: () => number }) {
  const { db, films } = deps;
  const now = deps.now ?? Date.now;
  return {
    async create(userId: string, filmId: string, minutes: number) {
      const film = await films.load(userId, filmId);
      const code = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now() + minutes * 60_000);
      await insertShareLink(db, {
        film_id: film.id,
        user_id: userId,
        code_hash: hash(code),
        expires_at: expiresAt,
        created_at: new Date(now()),
      });
      return { code, expires_at: expiresAt.toISOString() };
    },

    /** The roll a code opens and the seconds it has left; an unknown code or an expired one is refused. */
    async resolve(code: string | null) {
      if (!code || code.length > 200) throw new AppError("unauthorized");
      const link = await findShareLinkByHash(db, hash(code));
      if (!link) throw new AppError("unauthorized");
      const left = Math.floor((link.expires_at.getTime() - now()) / 1000);
      if (left <= 0) throw new AppError("share-expired");
      return { filmId: link.film_id, ownerId: link.user_id, secondsLeft: left, expiresAt: link.expires_at };
    },

    /** Removes links that expired more than a day ago. */
    async prune() {
      await deleteShareLinksExpiredBefore(db, new Date(now() - 24 * 3600_000));
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
