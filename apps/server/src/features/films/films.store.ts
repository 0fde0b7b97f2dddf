import type { ListFilmsQuery } from "@latent/domain/films";
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { toCount } from "../../platform/db/database.ts";
import type { Database, FilmsTable } from "../../platform/db/schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids that cannot exist are answered like foreign ones, without asking the database. */
export const isUuid = (id: string) => UUID.test(id);

/** Films with their shot count and the thumbnail of their first finished shot. */
function filmsWithSummary(db: Db) {
  return db
    .selectFrom("films")
    .selectAll("films")
    .select((eb) => [
      eb.selectFrom("shots").select(eb.fn.countAll().as("n")).whereRef("shots.film_id", "=", "films.id").as("shot_count"),
      eb
        .selectFrom("shots")
        .select("thumb_key")
        .whereRef("shots.film_id", "=", "films.id")
        .where("state", "=", "done")
        .orderBy("index", "asc")
        .limit(1)
        .as("cover_key"),
    ]);
}

export function listFilms(db: Db, userId: string, q: ListFilmsQuery) {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return filmsWithSummary(db)
    .where("user_id", "=", userId)
    .$if(like !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("name", "ilike", like!),
          eb("brand", "ilike", like!),
          eb("model", "ilike", like!),
          eb(eb.fn("concat_ws", [eb.val(" "), "brand", "model"]), "ilike", like!),
        ]),
      ),
    )
    .$if(q.format !== undefined, (qb) => qb.where("format", "=", q.format!))
    .$if(q.process !== undefined, (qb) => qb.where("process", "=", q.process!))
    .$if(q.year !== undefined, (qb) => qb.where("year", "=", q.year!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function findFilm(db: Db, userId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return filmsWithSummary(db).where("films.id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}

export async function countFilms(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("films")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

export function insertFilm(db: Db, film: Insertable<FilmsTable>) {
  return db.insertInto("films").values(film).returning("id").executeTakeFirstOrThrow();
}

export function updateFilmRow(db: Db, userId: string, id: string, values: Updateable<FilmsTable>) {
  return db
    .updateTable("films")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning("id")
    .executeTakeFirst();
}

export async function deleteFilmRow(db: Db, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom("films").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** True when the id names a camera (or lens) of this user. */
export async function ownsGear(db: Db, kind: "cameras" | "lenses", userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db.selectFrom(kind).select("id").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return Boolean(row);
}
