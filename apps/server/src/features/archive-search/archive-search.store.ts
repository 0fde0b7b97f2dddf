import type { RollSearchQuery, ShotSearchQuery } from "@latent/domain/roll-search";
import { sql } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import { isUuid } from "../../platform/db/uuid.ts";
import { cursorInstantSql as cursorInstant } from "../../platform/http/keyset-cursor.ts";
import type { Cursor } from "./search-cursor.ts";

/** Has a word to search for (the database splits the text the same way: letters and digits make words). */
export const hasWords = (q: string | undefined): q is string => q !== undefined && /[\p{L}\p{N}]/u.test(q);

/**
 * One page (plus one row, to know whether another follows) of a user's own rolls (a lab's order rolls are not theirs
 * to search) matching every word and filter, in the order asked, after the cursor's row.
 */
export function searchRollRows(
  db: Db,
  userId: string,
  q: RollSearchQuery,
  after: Cursor<"added"> | Cursor<"shot"> | Cursor<"name"> | undefined,
) {
  // A gear id that cannot exist matches nothing (the column would refuse it).
  const impossible = [q.camera_id, q.lens_id].some((id) => id !== undefined && !isUuid(id));
  let query = db
    .selectFrom("roll_search_rows")
    .select(["id", "name_key", "year_key", "month_key", cursorInstant("created_at").as("added_key")])
    .where("user_id", "=", userId)
    .where("order_id", "is", null)
    .$if(impossible, (qb) => qb.where(sql<boolean>`false`))
    .$if(hasWords(q.q), (qb) => qb.where(sql<boolean>`doc @@ search_query(${q.q})`))
    .$if(q.status !== undefined, (qb) => qb.where("status", "=", q.status!))
    .$if(q.format !== undefined, (qb) => qb.where("format", "=", q.format!))
    .$if(q.process !== undefined, (qb) => qb.where("process", "=", q.process!))
    .$if(q.ei_min !== undefined, (qb) => qb.where("ei", ">=", q.ei_min!))
    .$if(q.ei_max !== undefined, (qb) => qb.where("ei", "<=", q.ei_max!))
    .$if(q.year !== undefined, (qb) => qb.where("year", "=", q.year!))
    .$if(q.month !== undefined, (qb) => qb.where("month", "=", q.month!))
    .$if(q.camera_id !== undefined && !impossible, (qb) => qb.where(sql<boolean>`camera_ids @> array[${q.camera_id}]::uuid[]`))
    .$if(q.lens_id !== undefined && !impossible, (qb) => qb.where(sql<boolean>`lens_ids @> array[${q.lens_id}]::uuid[]`))
    .$if(q.lab_id !== undefined, (qb) => qb.where(sql<boolean>`lab_ids @> array[${q.lab_id}]::text[]`))
    .$if(q.has_sticker !== undefined, (qb) => qb.where("has_sticker", "=", q.has_sticker!))
    .$if(q.has_kept !== undefined, (qb) => qb.where("has_kept", "=", q.has_kept!));
  if (after?.[0] === "added") query = query.where(sql<boolean>`(created_at, id) < (${after[1]}::timestamptz, ${after[2]}::uuid)`);
  if (after?.[0] === "shot") query = query.where(sql<boolean>`(year_key, month_key, id) < (${after[1]}, ${after[2]}, ${after[3]}::uuid)`);
  if (after?.[0] === "name") query = query.where(sql<boolean>`(name_key, id) > (${after[1]}, ${after[2]}::uuid)`);
  const ordered =
    q.sort === "shot"
      ? query.orderBy("year_key", "desc").orderBy("month_key", "desc").orderBy("id", "desc")
      : q.sort === "name"
        ? query.orderBy("name_key").orderBy("id")
        : query.orderBy("created_at", "desc").orderBy("id", "desc");
  return ordered.limit(q.limit + 1).execute();
}

const DAY_MS = 24 * 3600 * 1000;
const OFFSET_MAX_MS = 16 * 3600 * 1000;
/** The instant `shiftMs` after a day's start in UTC (`YYYY-MM-DD`), as ISO text. */
const dayStart = (day: string, shiftMs: number) => new Date(Date.parse(`${day}T00:00:00Z`) + shiftMs).toISOString();

/**
 * One page (plus one row) of a user's frames of their own rolls, newest taken first, frames without a time last: the
 * ids and cursor keys only, read from the frames' search rows alone (what a page shows is read for its rows only).
 */
export function searchShotKeys(db: Db, userId: string, q: ShotSearchQuery, after: Cursor<"taken"> | undefined) {
  const impossible = [q.camera_id, q.lens_id].some((id) => id !== undefined && !isUuid(id));
  return (
    db
      .selectFrom("shot_search")
      .select([
        "shot_id",
        sql<string | null>`case when taken_key = '-infinity' then null else ${cursorInstant("taken_key")} end`.as("taken_cursor"),
      ])
      .where("user_id", "=", userId)
      .where("in_order", "=", false)
      .$if(impossible, (qb) => qb.where(sql<boolean>`false`))
      .$if(hasWords(q.q), (qb) => qb.where(sql<boolean>`doc @@ search_query(${q.q})`))
      .$if(q.camera_id !== undefined && !impossible, (qb) => qb.where("camera_id", "=", q.camera_id!))
      .$if(q.lens_id !== undefined && !impossible, (qb) => qb.where("lens_id", "=", q.lens_id!))
      .$if(q.aperture_min !== undefined, (qb) => qb.where("aperture", ">=", q.aperture_min!))
      .$if(q.aperture_max !== undefined, (qb) => qb.where("aperture", "<=", q.aperture_max!))
      // The day as written where the frame was taken; bounds on the instant (no offset passes 16 hours) let the index
      // of instants narrow the frames first.
      .$if(q.taken_from !== undefined, (qb) =>
        qb
          .where("taken_day", ">=", q.taken_from!)
          .where(sql<boolean>`taken_key >= ${dayStart(q.taken_from!, -OFFSET_MAX_MS)}::timestamptz`),
      )
      .$if(q.taken_to !== undefined, (qb) =>
        qb
          .where("taken_day", "<=", q.taken_to!)
          .where(sql<boolean>`taken_key < ${dayStart(q.taken_to!, DAY_MS + OFFSET_MAX_MS)}::timestamptz`),
      )
      .$if(q.kept !== undefined, (qb) => qb.where("kept", "=", q.kept!))
      .$if(after !== undefined, (qb) =>
        qb.where(sql<boolean>`(taken_key, shot_id) < (coalesce(${after![1]}::timestamptz, '-infinity'), ${after![2]}::uuid)`),
      )
      .orderBy("taken_key", "desc")
      .orderBy("shot_id", "desc")
      .limit(q.limit + 1)
      .execute()
  );
}

/** What a page of frames shows of each (the user's own), in no particular order. */
export function shotRowsByIds(db: Db, userId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("shot_search_rows")
    .select(["id", "film_id", "film_name", "index", "thumb_key", "camera", "lens", "aperture", "shutter", "taken_at", "kept"])
    .where("user_id", "=", userId)
    .where("id", "in", ids)
    .execute();
}
