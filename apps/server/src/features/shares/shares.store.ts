import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { ShareLinksTable } from "../../platform/db/schema.ts";

export function insertShareLink(db: Db, link: Insertable<ShareLinksTable>) {
  return db.insertInto("share_links").values(link).returning("id").executeTakeFirstOrThrow();
}

export function findShareLinkByHash(db: Db, codeHash: string) {
  return db
    .selectFrom("share_links")
    .select(["id", "film_id", "user_id", "expires_at", "revoked_at", "password_hash", "password_generation", "downloads", "guest_answers"])
    .where("code_hash", "=", codeHash)
    .executeTakeFirst();
}

/** Whether a link exists, is not revoked and has not expired by `now` (and, when `downloads`, offers them). */
export async function isShareLinkActive(db: Db, id: string, now: Date, downloads = false): Promise<boolean> {
  let query = db.selectFrom("share_links").select("id").where("id", "=", id).where("revoked_at", "is", null).where("expires_at", ">", now);
  if (downloads) query = query.where("downloads", "=", true);
  const row = await query.executeTakeFirst();
  return row !== undefined;
}

/** The links of one roll of one owner, newest first. */
export function listShareLinks(db: Db, userId: string, filmId: string) {
  return db
    .selectFrom("share_links")
    .select(["id", "created_at", "expires_at", "revoked_at", "opens", "password_hash", "downloads", "guest_answers"])
    .where("user_id", "=", userId)
    .where("film_id", "=", filmId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
}

/** Counts one opening of the shared roll (atomic: concurrent openings all count). */
export function countShareLinkOpen(db: Db, id: string) {
  return db
    .updateTable("share_links")
    .set((eb) => ({ opens: eb("opens", "+", 1) }))
    .where("id", "=", id)
    .execute();
}

/** Revokes an owner's link of a roll (a link already revoked keeps its first date); false when there is no such link. */
export async function revokeShareLink(db: Db, userId: string, filmId: string, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("share_links")
    .set((eb) => ({ revoked_at: eb.fn.coalesce("revoked_at", eb.val(now)) }))
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("film_id", "=", filmId)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export function deleteShareLinksExpiredBefore(db: Db, before: Date) {
  return db.deleteFrom("share_links").where("expires_at", "<", before).execute();
}

/** One link of an owner's roll with its settings, for an edit. */
export function findOwnShareLink(db: Db, userId: string, filmId: string, id: string) {
  return db
    .selectFrom("share_links")
    .select(["id", "created_at", "expires_at", "revoked_at", "opens", "password_hash", "password_generation", "downloads", "guest_answers"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("film_id", "=", filmId)
    .executeTakeFirst();
}

/**
 * Changes an owner's link's settings (never its code); the row as it now is, or undefined when there is none. A new
 * or removed password moves its generation on in the statement itself, so two changes at once never share one.
 */
export function updateShareLinkSettings(
  db: Db,
  userId: string,
  filmId: string,
  id: string,
  values: Pick<Updateable<ShareLinksTable>, "password_hash" | "downloads" | "guest_answers" | "expires_at">,
) {
  return db
    .updateTable("share_links")
    .set((eb) => ({
      ...values,
      ...(values.password_hash === undefined ? {} : { password_generation: eb("password_generation", "+", 1) }),
    }))
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("film_id", "=", filmId)
    .returning(["id", "created_at", "expires_at", "revoked_at", "opens", "password_hash", "downloads", "guest_answers"])
    .executeTakeFirst();
}
