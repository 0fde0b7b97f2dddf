import { type Insertable, type Kysely, sql, type Transaction } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database, GuestCommentsTable, GuestRequestsTable, GuestsTable } from "../../platform/db/schema.ts";

/** Where answers belong: a roll (through one of its share links) or an order (through its link). */
export type Subject = { filmId: string; orderId?: undefined } | { orderId: string; filmId?: undefined };

/**
 * Runs `work` holding a lock of the link's own (on every instance), so a link's hourly limits are counted and taken
 * by one writer at a time: twenty answers at once cannot all take the last place.
 */
export function underLinkLock<T>(db: Kysely<Database>, linkId: string, work: (tx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`guest_answers:${linkId}`}, 0))`.execute(tx);
    return work(tx);
  });
}

export function insertGuest(db: Db, guest: Insertable<GuestsTable>) {
  return db.insertInto("guests").values(guest).returning(["id", "name"]).executeTakeFirstOrThrow();
}

/** A guest of exactly this link (a cookie of another link, roll or order finds nobody). */
export function findGuestOfLink(db: Db, guestId: string, linkId: string) {
  return db
    .selectFrom("guests")
    .select(["id", "name", "link_id"])
    .where("id", "=", guestId)
    .where("link_id", "=", linkId)
    .executeTakeFirst();
}

export function renameGuest(db: Db, guestId: string, linkId: string, name: string) {
  return db
    .updateTable("guests")
    .set({ name })
    .where("id", "=", guestId)
    .where("link_id", "=", linkId)
    .returning(["id", "name"])
    .executeTakeFirst();
}

/** Guests a link gained since `since` (a link's own limit on new names). */
export async function countGuestsSince(db: Db, linkId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("guests")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("link_id", "=", linkId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function addFavourite(db: Db, guestId: string, shotId: string, at: Date) {
  return db
    .insertInto("guest_favourites")
    .values({ guest_id: guestId, shot_id: shotId, created_at: at })
    .onConflict((oc) => oc.columns(["guest_id", "shot_id"]).doNothing())
    .returning("shot_id")
    .executeTakeFirst();
}

export function removeFavourite(db: Db, guestId: string, shotId: string) {
  return db.deleteFrom("guest_favourites").where("guest_id", "=", guestId).where("shot_id", "=", shotId).executeTakeFirst();
}

export async function listGuestFavourites(db: Db, guestId: string): Promise<string[]> {
  const rows = await db.selectFrom("guest_favourites").select("shot_id").where("guest_id", "=", guestId).orderBy("created_at").execute();
  return rows.map((row) => row.shot_id);
}

/** Every favourite of a roll's or an order's guests, with who and when (the owner's view). */
export function listFavourites(db: Db, ownerId: string, subject: Subject) {
  let query = db
    .selectFrom("guest_favourites as f")
    .innerJoin("guests as g", "g.id", "f.guest_id")
    .select(["f.shot_id", "f.created_at", "g.id as guest_id", "g.name as guest_name", "g.link_id"])
    .where("g.owner_id", "=", ownerId);
  query = subject.filmId ? query.where("g.film_id", "=", subject.filmId) : query.where("g.order_id", "=", subject.orderId!);
  return query.orderBy("f.created_at").orderBy("f.shot_id").execute();
}

export function insertComment(db: Db, comment: Insertable<GuestCommentsTable>) {
  return db.insertInto("guest_comments").values(comment).returningAll().executeTakeFirstOrThrow();
}

/** Every comment of a roll or an order, hidden ones too, oldest first. */
export function listComments(db: Db, ownerId: string, subject: Subject) {
  let query = db.selectFrom("guest_comments").selectAll().where("owner_id", "=", ownerId);
  query = subject.filmId
    ? query.where("film_id", "=", subject.filmId).where("order_id", "is", null)
    : query.where("order_id", "=", subject.orderId!);
  return query.orderBy("created_at").orderBy("id").execute();
}

/**
 * The comments a guest of a link sees, oldest first: not hidden, and on a roll those made through this link or by
 * the owner for every link (an owner reply carries the link of the comment it answers); on an order, all of them.
 */
export function listVisibleComments(db: Db, subject: Subject, linkId: string) {
  let query = db.selectFrom("guest_comments").selectAll().where("hidden_at", "is", null);
  query = subject.filmId
    ? query
        .where("film_id", "=", subject.filmId)
        .where("order_id", "is", null)
        .where((eb) => eb.or([eb("link_id", "=", linkId), eb("link_id", "is", null)]))
    : query.where("order_id", "=", subject.orderId!);
  return query.orderBy("created_at").orderBy("id").execute();
}

export function findComment(db: Db, ownerId: string, subject: Subject, id: string) {
  let query = db.selectFrom("guest_comments").selectAll().where("id", "=", id).where("owner_id", "=", ownerId);
  query = subject.filmId
    ? query.where("film_id", "=", subject.filmId).where("order_id", "is", null)
    : query.where("order_id", "=", subject.orderId!);
  return query.executeTakeFirst();
}

export function setCommentHidden(db: Db, ownerId: string, id: string, hiddenAt: Date | null) {
  return db
    .updateTable("guest_comments")
    .set({ hidden_at: hiddenAt })
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a comment (its replies go with it, by their key). */
export async function deleteComment(db: Db, ownerId: string, id: string): Promise<boolean> {
  const row = await db.deleteFrom("guest_comments").where("id", "=", id).where("owner_id", "=", ownerId).returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Comments made through a link since `since` (the link's own limit). */
export async function countCommentsSince(db: Db, linkId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("guest_comments")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("link_id", "=", linkId)
    .where("guest_id", "is not", null)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertRequest(db: Db, request: Insertable<GuestRequestsTable>) {
  return db.insertInto("guest_requests").values(request).returningAll().executeTakeFirstOrThrow();
}

export function listGuestRequests(db: Db, guestId: string) {
  return db.selectFrom("guest_requests").selectAll().where("guest_id", "=", guestId).orderBy("created_at").orderBy("id").execute();
}

/** An order's requests for its lab, newest first, with the guest who asked. */
export function listOrderRequests(db: Db, labId: string, orderId: string) {
  return db
    .selectFrom("guest_requests as r")
    .leftJoin("guests as g", "g.id", "r.guest_id")
    .selectAll("r")
    .select(["g.name as guest_name"])
    .where("r.lab_id", "=", labId)
    .where("r.order_id", "=", orderId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id")
    .execute();
}

export function setRequestDone(db: Db, labId: string, orderId: string, id: string, doneAt: Date | null) {
  return db
    .updateTable("guest_requests")
    .set({ done_at: doneAt })
    .where("id", "=", id)
    .where("lab_id", "=", labId)
    .where("order_id", "=", orderId)
    .returning("id")
    .executeTakeFirst();
}

export async function countRequestsSince(db: Db, linkId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom("guest_requests")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("link_id", "=", linkId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open requests of each of a lab's orders (the badge of its list). */
export async function countOpenRequests(db: Db, labId: string, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("guest_requests")
    .select((eb) => ["order_id", eb.fn.countAll<string>().as("n")])
    .where("lab_id", "=", labId)
    .where("order_id", "in", orderIds)
    .where("done_at", "is", null)
    .groupBy("order_id")
    .execute();
  return new Map(rows.map((row) => [row.order_id, Number(row.n)]));
}

/** Notes that guests answered through a link: the digest waits from the first answer it has not told of. */
export function markDigestPending(db: Db, linkId: string, ownerId: string, subject: Subject, at: Date) {
  return db
    .insertInto("guest_digests")
    .values({ link_id: linkId, owner_id: ownerId, film_id: subject.filmId ?? null, order_id: subject.orderId ?? null, pending_since: at })
    .onConflict((oc) =>
      oc.column("link_id").doUpdateSet((eb) => ({ pending_since: eb.fn.coalesce("guest_digests.pending_since", eb.val(at)) })),
    )
    .execute();
}

/** Links whose answers wait for a digest and whose last one went at least `gapMs` ago. */
export function listDueDigests(db: Db, now: Date, lastBefore: Date) {
  return db
    .selectFrom("guest_digests")
    .selectAll()
    .where("pending_since", "is not", null)
    .where("pending_since", "<=", now)
    .where((eb) => eb.or([eb("last_sent_at", "is", null), eb("last_sent_at", "<=", lastBefore)]))
    .orderBy("pending_since")
    .limit(500)
    .execute();
}

/** Claims a due digest (one instance sends it): false when another took it first. */
export async function claimDigest(db: Db, linkId: string, pendingSince: Date, at: Date): Promise<boolean> {
  const row = await db
    .updateTable("guest_digests")
    .set({ pending_since: null, last_sent_at: at })
    .where("link_id", "=", linkId)
    .where("pending_since", "=", pendingSince)
    .returning("link_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** What guests did through a link since `since`: new favourites, comments and requests. */
export async function countAnswersSince(db: Db, linkId: string, since: Date) {
  const [favourites, comments, requests] = await Promise.all([
    db
      .selectFrom("guest_favourites as f")
      .innerJoin("guests as g", "g.id", "f.guest_id")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("g.link_id", "=", linkId)
      .where("f.created_at", ">=", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("guest_comments")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("link_id", "=", linkId)
      .where("guest_id", "is not", null)
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow(),
    countRequestsSince(db, linkId, since),
  ]);
  return { favourites: Number(favourites.n), comments: Number(comments.n), requests };
}
