import { ISO_SPEED_SCALE } from "@latent/domain/exposure-index";
import { type Kysely, sql } from "kysely";

/**
 * Issue 29: search across the archive (decision 0048). Each roll keeps a precomputed search document in `roll_search`
 * (its own words, and the same with its shots' notes and gear), with what its filters need from other tables (the
 * cameras, lenses and labs it names, whether a shot is kept); each frame keeps its own row in `shot_search` (when it
 * was taken, its gear, its words with its roll's). Triggers on films, shots, cameras, lenses and labs keep both right
 * whichever code writes; the views `roll_search_rows` and `shot_search_rows` are what the search feature reads.
 *
 * Words are folded the same way in documents and queries: lower case, accents off (`translate()`: PGlite has no
 * `unaccent`, and this needs no extension), split by the 'simple' configuration (no stemming, no stop words: the five
 * languages alike). A query asks for every word as a prefix.
 */
/**
 * Letters with accents (Latin-1 and Latin Extended-A: the five languages and their neighbours) and their plain letter,
 * for `translate()`; the Catalan middle dot (col·lecció) goes, so "colleccio" finds it.
 */
const FOLDED = (() => {
  const plain: Record<string, string> = { ø: "o", Ø: "o", ł: "l", Ł: "l", đ: "d", Đ: "d", ı: "i", ħ: "h", Ħ: "h", ŀ: "l", Ŀ: "l" };
  const letters = [...Array(0x17f - 0xc0 + 1)].map((_, i) => String.fromCharCode(0xc0 + i)).filter((c) => /\p{L}/u.test(c));
  const pairs = letters
    .map((c) => [c, plain[c] ?? c.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()] as const)
    .filter(([c, to]) => to.length === 1 && /^[a-z]$/.test(to) && to !== c);
  return { from: `${pairs.map(([c]) => c).join("")}·`, to: pairs.map(([, to]) => to).join("") };
})();

/** An ISO 8601 time with its offset, every field in range (the day is checked against its month in SQL). */
const TAKEN_AT =
  "^([1-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:[.][0-9]{1,6})?)?(?:Z|[+-](?:0[0-9]|1[0-5]):?[0-5][0-9])$";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function search_fold(t text) returns text language sql immutable parallel safe strict as $f$
      select lower(translate(
        replace(replace(replace(replace(replace(t, 'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'),
        ${sql.lit(FOLDED.from)}, ${sql.lit(FOLDED.to)}))
    $f$`.execute(db);
  await sql`
    create or replace function search_vector(t text) returns tsvector language sql immutable parallel safe as $f$
      select strip(to_tsvector('simple'::regconfig, search_fold(coalesce(t, ''))))
    $f$`.execute(db);
  // The query's words, split like a document's, each a prefix; null when the text holds no word.
  await sql`
    create or replace function search_query(q text) returns tsquery language sql immutable parallel safe strict as $f$
      select string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || ''':*', ' & ')::tsquery
      from unnest(to_tsvector('simple'::regconfig, search_fold(q)))
    $f$`.execute(db);
  await sql`
    create or replace function gear_name(metadata jsonb) returns text language sql immutable parallel safe as $f$
      select nullif(concat_ws(' ', metadata ->> 'brand', metadata ->> 'model'), '')
    $f$`.execute(db);
  // The domain's exposureIndex (packages/domain/src/exposure-index.ts) in SQL: box speed unpushed, else the nearest
  // speed of the third-stop scale, else (beyond the scale) the product to two significant digits.
  const scale = sql.raw(`array[${ISO_SPEED_SCALE.join(",")}]::double precision[]`);
  await sql`
    create or replace function exposure_index(iso integer, push_pull integer) returns double precision
    language sql immutable parallel safe strict as $f$
      select case
        when push_pull = 0 then iso::double precision
        when x < 1 / 2 ^ (1 / 6.0) or x > 102400 * 2 ^ (1 / 6.0) then round(x::numeric, 1 - floor(log(x))::integer)::double precision
        else (select s from unnest(${scale}) as s order by abs(ln(x / s)), s limit 1)
      end
      from (select iso * 2.0 ^ push_pull as x) as exact
    $f$`.execute(db);
  // A frame's time (written with its offset) as an instant; null for anything that is not a real one, never an error
  // (a write must not fail on it). No exception block: it may run in parallel plans.
  await sql`
    create or replace function shot_taken_instant(t text) returns timestamptz language plpgsql immutable parallel safe strict as $f$
      declare m text[] := regexp_match(t, ${sql.lit(TAKEN_AT)});
      begin
        if m is null or m[3]::integer > extract(day from make_date(m[1]::integer, m[2]::integer, 1) + interval '1 month' - interval '1 day') then
          return null;
        end if;
        return t::timestamptz;
      end
    $f$`.execute(db);

  await db.schema
    .createTable("roll_search")
    .addColumn("film_id", "uuid", (c) => c.primaryKey().references("films.id").onDelete("cascade"))
    .addColumn("words", sql`tsvector`, (c) => c.notNull())
    .addColumn("doc", sql`tsvector`, (c) => c.notNull())
    .addColumn("camera_ids", sql`uuid[]`, (c) => c.notNull())
    .addColumn("lens_ids", sql`uuid[]`, (c) => c.notNull())
    .addColumn("lab_ids", sql`text[]`, (c) => c.notNull())
    .addColumn("has_kept", "boolean", (c) => c.notNull())
    .addColumn("ei", "double precision", (c) => c.notNull())
    .execute();
  await sql`create index roll_search_doc on roll_search using gin (doc)`.execute(db);
  // Every frame with what its search filters and orders by, so a page is read from this one table: its owner, roll
  // (and whether that is a lab's order roll), the instant taken (-infinity when unknown: last when the newest come
  // first) and the day as written, its gear (its own, else its roll's), aperture, keeping, its own words (note and own
  // gear) and those with its roll's words.
  await db.schema
    .createTable("shot_search")
    .addColumn("shot_id", "uuid", (c) => c.primaryKey().references("shots.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("film_id", "uuid", (c) => c.notNull())
    .addColumn("in_order", "boolean", (c) => c.notNull())
    .addColumn("taken_key", "timestamptz", (c) => c.notNull())
    .addColumn("taken_day", "text")
    .addColumn("camera_id", "uuid")
    .addColumn("lens_id", "uuid")
    .addColumn("aperture", "double precision")
    .addColumn("kept", "boolean", (c) => c.notNull())
    .addColumn("own_words", sql`tsvector`, (c) => c.notNull())
    .addColumn("doc", sql`tsvector`, (c) => c.notNull())
    .execute();
  await sql`create index shot_search_taken on shot_search (user_id, taken_key desc, shot_id desc)`.execute(db);
  await sql`create index shot_search_film on shot_search (film_id)`.execute(db);
  await sql`create index shot_search_camera on shot_search (camera_id) where camera_id is not null`.execute(db);
  await sql`create index shot_search_lens on shot_search (lens_id) where lens_id is not null`.execute(db);
  await sql`create index shot_search_doc on shot_search using gin (doc)`.execute(db);

  // Frames' rows, recomputed whole (their roll's row must exist: a roll's comes with the roll).
  await sql`
    create or replace function shot_search_refresh(ids uuid[]) returns void language sql as $f$
      insert into shot_search (shot_id, user_id, film_id, in_order, taken_key, taken_day, camera_id, lens_id, aperture, kept,
        own_words, doc)
      select s.id, s.user_id, s.film_id, f.order_id is not null, coalesce(shot_taken_instant(s.taken_at), '-infinity'::timestamptz),
        left(s.taken_at, 10), coalesce(s.camera_id, f.camera_id), coalesce(s.lens_id, f.lens_id), s.aperture, s.kept, w.words,
        coalesce(r.words, ''::tsvector) || w.words
      from shots as s
      join films as f on f.id = s.film_id
      left join roll_search as r on r.film_id = s.film_id
      cross join lateral (
        select search_vector(concat_ws(' ', s.note,
          (select gear_name(c.metadata) from cameras as c where c.id = s.camera_id),
          (select gear_name(l.metadata) from lenses as l where l.id = s.lens_id))) as words
      ) as w
      where s.id = any(ids)
      on conflict (shot_id) do update set user_id = excluded.user_id, film_id = excluded.film_id, in_order = excluded.in_order,
        taken_key = excluded.taken_key, taken_day = excluded.taken_day, camera_id = excluded.camera_id, lens_id = excluded.lens_id,
        aperture = excluded.aperture, kept = excluded.kept, own_words = excluded.own_words, doc = excluded.doc
    $f$`.execute(db);

  // A roll's document and filter columns, recomputed whole from its rows (its frames' own words already in
  // shot_search); then its frames' documents and gear where the roll's changed them.
  await sql`
    create or replace function roll_search_refresh(ids uuid[]) returns void language sql as $f$
      insert into roll_search as r (film_id, words, doc, camera_ids, lens_ids, lab_ids, has_kept, ei)
      select f.id, w.words, w.words || coalesce(sh.words, ''::tsvector),
        array(select distinct x from unnest(f.camera_id || coalesce(sh.camera_ids, '{}')) as x where x is not null),
        array(select distinct x from unnest(f.lens_id || coalesce(sh.lens_ids, '{}')) as x where x is not null),
        array(select distinct x from unnest(array[f.from_lab_id, f.sent_lab_id, o.lab_id]) as x where x is not null),
        coalesce(sh.has_kept, false), exposure_index(f.iso, f.push_pull)
      from films as f
      left join orders as o on o.id = f.lab_order_id
      cross join lateral (
        select search_vector(concat_ws(' ', f.name, f.brand, f.model, f.scanner, f.storage_location, f.from_lab_name,
          (select gear_name(c.metadata) from cameras as c where c.id = f.camera_id),
          (select gear_name(l.metadata) from lenses as l where l.id = f.lens_id),
          (select lab.name from labs as lab where lab.id = f.sent_lab_id),
          (select lab.name from labs as lab where lab.id = o.lab_id))) as words
      ) as w
      left join lateral (
        select array_to_tsvector(array(
            select distinct lexeme from shot_search as x cross join unnest(x.own_words) where x.film_id = f.id)) as words,
          array_agg(s.camera_id) filter (where s.camera_id is not null) as camera_ids,
          array_agg(s.lens_id) filter (where s.lens_id is not null) as lens_ids,
          bool_or(s.kept) as has_kept
        from shots as s
        where s.film_id = f.id
      ) as sh on true
      where f.id = any(ids)
      on conflict (film_id) do update set words = excluded.words, doc = excluded.doc, camera_ids = excluded.camera_ids,
        lens_ids = excluded.lens_ids, lab_ids = excluded.lab_ids, has_kept = excluded.has_kept, ei = excluded.ei;

      update shot_search as x
      set doc = r.words || x.own_words, camera_id = coalesce(s.camera_id, f.camera_id), lens_id = coalesce(s.lens_id, f.lens_id),
        in_order = f.order_id is not null
      from shots as s, films as f, roll_search as r
      where x.film_id = any(ids) and s.id = x.shot_id and f.id = x.film_id and r.film_id = x.film_id
        and (x.doc is distinct from r.words || x.own_words or x.camera_id is distinct from coalesce(s.camera_id, f.camera_id)
          or x.lens_id is distinct from coalesce(s.lens_id, f.lens_id) or x.in_order is distinct from (f.order_id is not null));
    $f$`.execute(db);

  // Rolls: a new one, or a change to what its row holds (its other columns are read live through the view).
  await sql`
    create or replace function roll_search_film_changed() returns trigger language plpgsql as $f$
      begin perform roll_search_refresh(array[new.id]); return null; end
    $f$`.execute(db);
  await sql`create trigger roll_search_film_inserted after insert on films for each row execute function roll_search_film_changed()`.execute(
    db,
  );
  await sql`
    create trigger roll_search_film_updated after update on films for each row
    when (old.name is distinct from new.name or old.brand is distinct from new.brand or old.model is distinct from new.model
      or old.scanner is distinct from new.scanner or old.storage_location is distinct from new.storage_location
      or old.from_lab_name is distinct from new.from_lab_name or old.from_lab_id is distinct from new.from_lab_id
      or old.sent_lab_id is distinct from new.sent_lab_id or old.lab_order_id is distinct from new.lab_order_id
      or old.camera_id is distinct from new.camera_id or old.lens_id is distinct from new.lens_id
      or old.order_id is distinct from new.order_id or old.iso is distinct from new.iso or old.push_pull is distinct from new.push_pull)
    execute function roll_search_film_changed()`.execute(db);

  // Frames, once per statement (uploads change frames often): a frame's row follows its words, time, gear and owner;
  // its roll's, its note, gear and keeping.
  await sql`
    create or replace function search_shots_inserted() returns trigger language plpgsql as $f$
      begin
        perform shot_search_refresh(array(select id from new_shots));
        perform roll_search_refresh(array(select distinct film_id from new_shots
          where note is not null or camera_id is not null or lens_id is not null or kept));
        return null;
      end
    $f$`.execute(db);
  await sql`
    create or replace function search_shots_updated() returns trigger language plpgsql as $f$
      begin
        perform shot_search_refresh(array(
          select n.id from new_shots as n join old_shots as o on o.id = n.id
          where n.note is distinct from o.note or n.camera_id is distinct from o.camera_id or n.lens_id is distinct from o.lens_id
            or n.taken_at is distinct from o.taken_at or n.user_id is distinct from o.user_id or n.film_id is distinct from o.film_id
            or n.aperture is distinct from o.aperture or n.kept is distinct from o.kept));
        perform roll_search_refresh(array(
          select n.film_id from new_shots as n join old_shots as o on o.id = n.id
          where n.note is distinct from o.note or n.camera_id is distinct from o.camera_id or n.lens_id is distinct from o.lens_id
            or n.kept is distinct from o.kept or n.film_id is distinct from o.film_id
          union
          select o.film_id from new_shots as n join old_shots as o on o.id = n.id where n.film_id is distinct from o.film_id));
        return null;
      end
    $f$`.execute(db);
  await sql`
    create or replace function search_shots_deleted() returns trigger language plpgsql as $f$
      begin
        perform roll_search_refresh(array(select distinct film_id from old_shots
          where note is not null or camera_id is not null or lens_id is not null or kept));
        return null;
      end
    $f$`.execute(db);
  await sql`create trigger search_shots_inserted after insert on shots referencing new table as new_shots
    for each statement execute function search_shots_inserted()`.execute(db);
  await sql`create trigger search_shots_updated after update on shots referencing old table as old_shots new table as new_shots
    for each statement execute function search_shots_updated()`.execute(db);
  await sql`create trigger search_shots_deleted after delete on shots referencing old table as old_shots
    for each statement execute function search_shots_deleted()`.execute(db);

  // Gear renamed or deleted: the frames that carry it, and the rolls that name it, by the roll or by one of its frames.
  await sql`
    create or replace function search_gear_changed() returns trigger language plpgsql as $f$
      begin
        perform shot_search_refresh(array(select id from shots where camera_id = old.id or lens_id = old.id));
        perform roll_search_refresh(array(
          select id from films where camera_id = old.id or lens_id = old.id
          union select film_id from shots where camera_id = old.id or lens_id = old.id));
        return null;
      end
    $f$`.execute(db);
  for (const table of ["cameras", "lenses"]) {
    await sql`create trigger ${sql.raw(`search_${table}_updated`)} after update on ${sql.table(table)} for each row
      when (old.metadata is distinct from new.metadata) execute function search_gear_changed()`.execute(db);
    await sql`create trigger ${sql.raw(`search_${table}_deleted`)} after delete on ${sql.table(table)} for each row
      execute function search_gear_changed()`.execute(db);
  }
  // A lab renamed: the rolls sent to it or received into one of its orders.
  await sql`
    create or replace function search_lab_renamed() returns trigger language plpgsql as $f$
      begin
        perform roll_search_refresh(array(
          select id from films where sent_lab_id = new.id
          union select f.id from films as f join orders as o on o.id = f.lab_order_id where o.lab_id = new.id));
        return null;
      end
    $f$`.execute(db);
  await sql`create trigger search_lab_renamed after update on labs for each row
    when (old.name is distinct from new.name) execute function search_lab_renamed()`.execute(db);

  // What the triggers look rows up by, and what the roll filters and orders read.
  await sql`create index films_camera_id on films (camera_id) where camera_id is not null`.execute(db);
  await sql`create index films_lens_id on films (lens_id) where lens_id is not null`.execute(db);
  await sql`create index films_sent_lab_id on films (sent_lab_id) where sent_lab_id is not null`.execute(db);
  await sql`create index shots_camera_id on shots (camera_id) where camera_id is not null`.execute(db);
  await sql`create index shots_lens_id on shots (lens_id) where lens_id is not null`.execute(db);
  await sql`create index films_own_added on films (user_id, created_at desc, id desc) where order_id is null`.execute(db);
  await sql`create index films_own_shot on films (user_id, coalesce(year, 0) desc, coalesce(month, 0) desc, id desc)
    where order_id is null`.execute(db);
  await sql`create index films_own_name on films (user_id, lower(name), id) where order_id is null`.execute(db);

  // What the search feature reads: a roll's filter and sort keys with its document; a frame with its roll's name.
  await sql`
    create view roll_search_rows as
    select f.id, f.user_id, f.order_id, f.created_at, lower(f.name) as name_key,
      coalesce(f.year, 0) as year_key, coalesce(f.month, 0) as month_key, f.year, f.month, f.format, f.process, f.status,
      r.ei, f.sticker_hash is not null as has_sticker, r.doc, r.camera_ids, r.lens_ids, r.lab_ids, r.has_kept
    from films as f join roll_search as r on r.film_id = f.id`.execute(db);
  await sql`
    create view shot_search_rows as
    select x.shot_id as id, x.film_id, s.index, x.user_id, x.in_order, f.name as film_name, s.thumb_key,
      x.camera_id, x.lens_id, gear_name(c.metadata) as camera, gear_name(l.metadata) as lens, x.aperture, s.shutter,
      s.taken_at, x.taken_key, x.taken_day, x.kept, x.doc
    from shot_search as x
    join shots as s on s.id = x.shot_id
    join films as f on f.id = x.film_id
    left join cameras as c on c.id = x.camera_id
    left join lenses as l on l.id = x.lens_id`.execute(db);

  // Rows that are already there: each roll's first (for the frames' documents), each frame's, each roll's again.
  await sql`select roll_search_refresh(array(select id from films))`.execute(db);
  await sql`select shot_search_refresh(array(select id from shots))`.execute(db);
  await sql`select roll_search_refresh(array(select id from films))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view shot_search_rows`.execute(db);
  await sql`drop view roll_search_rows`.execute(db);
  for (const index of [
    "films_camera_id",
    "films_lens_id",
    "films_sent_lab_id",
    "shots_camera_id",
    "shots_lens_id",
    "films_own_added",
    "films_own_shot",
    "films_own_name",
  ]) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
  await sql`drop trigger search_lab_renamed on labs`.execute(db);
  for (const table of ["cameras", "lenses"]) {
    await sql`drop trigger ${sql.raw(`search_${table}_updated`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`search_${table}_deleted`)} on ${sql.table(table)}`.execute(db);
  }
  for (const trigger of ["search_shots_inserted", "search_shots_updated", "search_shots_deleted"]) {
    await sql`drop trigger ${sql.raw(trigger)} on shots`.execute(db);
  }
  await sql`drop trigger roll_search_film_inserted on films`.execute(db);
  await sql`drop trigger roll_search_film_updated on films`.execute(db);
  await sql`drop table shot_search`.execute(db);
  await sql`drop table roll_search`.execute(db);
  for (const fn of [
    "search_lab_renamed()",
    "search_gear_changed()",
    "search_shots_deleted()",
    "search_shots_updated()",
    "search_shots_inserted()",
    "roll_search_film_changed()",
    "roll_search_refresh(uuid[])",
    "shot_search_refresh(uuid[])",
    "shot_taken_instant(text)",
    "exposure_index(integer, integer)",
    "gear_name(jsonb)",
    "search_query(text)",
    "search_vector(text)",
    "search_fold(text)",
  ]) {
    await sql`drop function ${sql.raw(fn)}`.execute(db);
  }
}
