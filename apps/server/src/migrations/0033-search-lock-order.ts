import { type Kysely, sql } from "kysely";

/**
 * A roll renamed while one of its frames was kept or edited could deadlock (PostgreSQL's 40P01, a 500 to one of the
 * two): the rename's trigger locks the roll's search row, then its frames' rows; a frame's trigger (0026) locked the
 * frame's search row, then the roll's. The frames' triggers now lock the search rows of the rolls they will refresh
 * first, in the rolls' order, so every writer takes a roll's search row before any of its frames' rows.
 */
const LOCK_ROLLS = `perform 1 from roll_search where film_id = any(rolls) order by film_id for update;`;

const insertedRolls = `array(select distinct film_id from new_shots
  where note is not null or camera_id is not null or lens_id is not null or kept)`;
const updatedRolls = `array(
  select n.film_id from new_shots as n join old_shots as o on o.id = n.id
  where n.note is distinct from o.note or n.camera_id is distinct from o.camera_id or n.lens_id is distinct from o.lens_id
    or n.kept is distinct from o.kept or n.film_id is distinct from o.film_id
  union
  select o.film_id from new_shots as n join old_shots as o on o.id = n.id where n.film_id is distinct from o.film_id)`;
const updatedShots = `array(
  select n.id from new_shots as n join old_shots as o on o.id = n.id
  where n.note is distinct from o.note or n.camera_id is distinct from o.camera_id or n.lens_id is distinct from o.lens_id
    or n.taken_at is distinct from o.taken_at or n.user_id is distinct from o.user_id or n.film_id is distinct from o.film_id
    or n.aperture is distinct from o.aperture or n.kept is distinct from o.kept)`;

/** The frames' two triggers: which frames and rolls each refreshes. */
const FRAME_TRIGGERS = [
  { name: "search_shots_inserted", shots: "array(select id from new_shots)", rolls: insertedRolls },
  { name: "search_shots_updated", shots: updatedShots, rolls: updatedRolls },
];

/** A frame trigger's function; `lockFirst`: the rolls' search rows are locked before the frames' are written. */
const frameTrigger = (t: (typeof FRAME_TRIGGERS)[number], lockFirst: boolean) =>
  sql.raw(`
    create or replace function ${t.name}() returns trigger language plpgsql as $f$
      declare rolls uuid[] := ${t.rolls};
      begin
        ${lockFirst ? LOCK_ROLLS : ""}
        perform shot_search_refresh(${t.shots});
        perform roll_search_refresh(rolls);
        return null;
      end
    $f$`);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of FRAME_TRIGGERS) await frameTrigger(t, true).execute(db);
}

/** 0026's functions, which refresh the frames' rows before locking their rolls'. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of FRAME_TRIGGERS) await frameTrigger(t, false).execute(db);
}
