import { type Insertable, sql } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { FilmEventsTable } from "../../platform/db/schema.ts";

/** Appends one step to a roll's history. */
export function insertEvent(tx: Db, event: Insertable<FilmEventsTable>) {
  return tx.insertInto("film_events").values(event).returning("id").executeTakeFirstOrThrow();
}

/** The histories of several rolls, oldest step first; `held_until` as `YYYY-MM-DD` text. */
export function listEvents(db: Db, filmIds: readonly string[]) {
  if (!filmIds.length) return Promise.resolve([]);
  return db
    .selectFrom("film_events")
    .select([
      "id",
      "film_id",
      "status",
      "actor",
      "actor_user_id",
      "lab_id",
      "camera",
      "tracking",
      "note",
      "created_at",
      sql<string | null>`held_until::text`.as("held_until"),
    ])
    .where("film_id", "in", filmIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export type EventRow = Awaited<ReturnType<typeof listEvents>>[number];

/** The lab that holds (or last held) a roll's negatives: the lab of its last `archived` step. */
export async function findHoldingLab(db: Db, filmId: string): Promise<string | null> {
  const row = await db
    .selectFrom("film_events")
    .select("lab_id")
    .where("film_id", "=", filmId)
    .where("status", "=", "archived")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.lab_id ?? null;
}

/** Records a reminder as sent; answers false when it was already (another instance, an earlier run). */
export async function recordReminder(db: Db, filmId: string, heldUntil: string, days: number): Promise<boolean> {
  const row = await db
    .insertInto("film_reminders")
    .values({ film_id: filmId, held_until: heldUntil, days })
    .onConflict((oc) => oc.columns(["film_id", "held_until", "days"]).doNothing())
    .returning("film_id")
    .executeTakeFirst();
  return row !== undefined;
}
