/**
 * A long-time shooter's archive for the search bench (issue 29): 2,000 rolls and 70,000 frames by default, with varied
 * stocks, cameras, lenses, scanners, labs, storage places, statuses, years and notes in the five languages (accents
 * included), written straight into PostgreSQL in batches (the search documents follow through the database's
 * triggers, as they do for rows the API writes).
 *
 *   DATABASE_URL=postgres://… node bench/seed-archive.ts --email archive@example.com [--rolls 2000] [--shots 70000]
 *
 * Seeds the user of that email (made, with the largest plan, when there is none; to sign in as them, run
 * `npm run token -- --email …` and one API call first, so the account and the user share an id). `bench/run.ts`
 * calls `seedArchive` with the id of the user its token made. Deterministic: the same arguments give the same rows.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { ROLL_STATUSES } from "@latent/domain/roll-life";
import pg from "pg";

export interface SeedOptions {
  /** PostgreSQL connection string of the server's database. */
  databaseUrl: string;
  userId: string;
  /** The email of the user row made when there is none. */
  email?: string;
  rolls?: number;
  shots?: number;
  /** The schema the server's tables are in, when not the default. */
  searchPath?: string;
}

export interface SeededArchive {
  rolls: number;
  shots: number;
  cameraIds: string[];
  lensIds: string[];
  ms: number;
}

const STOCKS = [
  ["Kodak", "Portra 400", 400, "C-41"],
  ["Kodak", "Portra 160", 160, "C-41"],
  ["Kodak", "Ektar 100", 100, "C-41"],
  ["Kodak", "Tri-X 400", 400, "B/N"],
  ["Kodak", "Gold 200", 200, "C-41"],
  ["Kodak", "Ektachrome E100", 100, "E-6"],
  ["Ilford", "HP5 Plus", 400, "B/N"],
  ["Ilford", "FP4 Plus", 125, "B/N"],
  ["Ilford", "Delta 3200", 3200, "B/N"],
  ["Fujifilm", "Velvia 50", 50, "E-6"],
  ["Fujifilm", "Provia 100F", 100, "E-6"],
  ["Fujifilm", "Superia X-TRA 400", 400, "C-41"],
  ["CineStill", "800T", 800, "ECN-2"],
  ["Foma", "Fomapan 100", 100, "B/N"],
  ["Lomography", "Color Negative 800", 800, "C-41"],
] as const;
const FORMATS = [
  ["135", 36],
  ["135", 36],
  ["135", 36],
  ["135", 36],
  ["135", 24],
  ["120", 12],
  ["120", 15],
] as const;
const CAMERAS = [
  ["Nikon", "FM2"],
  ["Nikon", "F3"],
  ["Canon", "AE-1"],
  ["Olympus", "OM-1"],
  ["Pentax", "67"],
  ["Mamiya", "RB67"],
  ["Hasselblad", "500C/M"],
  ["Leica", "M6"],
  ["Rolleiflex", "2.8F"],
  ["Contax", "T2"],
  ["Minolta", "X-700"],
  ["Yashica", "Mat-124G"],
] as const;
const LENSES = [
  ["Nikon", "Nikkor 50mm f/1.4", 50, 1.4],
  ["Nikon", "Nikkor 28mm f/2.8", 28, 2.8],
  ["Canon", "FD 50mm f/1.8", 50, 1.8],
  ["Olympus", "Zuiko 35mm f/2", 35, 2],
  ["Leica", "Summicron 35mm", 35, 2],
  ["Zeiss", "Planar 80mm", 80, 2.8],
  ["Pentax", "SMC 105mm", 105, 2.4],
  ["Mamiya", "Sekor 90mm", 90, 3.8],
] as const;
const SCANNERS = ["Epson V850", "Nikon Coolscan 5000 ED", "Plustek OpticFilm 8200i", "Noritsu HS-1800", "Fujifilm Frontier SP-3000"];
const LABS = ["Carmencita Film Lab", "Foto Ruiz", "Labo Photo Élysée", "Laboratorio Analogico Milano", "Revelatum Barcelona"];
const PLACES = [
  "Cadaqués",
  "Girona",
  "València",
  "Sevilla",
  "Córdoba",
  "Étretat",
  "Montmartre",
  "Bretagne",
  "Napoli",
  "Città Alta",
  "Lago di Como",
  "Brooklyn",
  "Lisboa",
  "Empordà",
  "Sant Pol",
];
/** Notes as people write them, in Catalan, English, Spanish, French and Italian. */
const NOTES = [
  "Posta de sol a la platja, contrallum",
  "Boira al matí, exposat per les ombres",
  "Sunset over the harbour, metered for the sky",
  "Street portrait, a bit underexposed",
  "Atardecer en la playa, niños jugando",
  "Mercado de la Boquería, luz de mediodía",
  "Coucher de soleil sur la jetée, ciel dégagé",
  "Café en terrasse, lumière douce d'été",
  "Tramonto sul lago, città vecchia sullo sfondo",
  "Ritratto in controluce, pellicola spinta",
  "Fàbrica abandonada, llum dura",
  "Mañana de niebla en el puerto",
];
const STORAGE = ["Binder", "Caixa", "Classeur", "Archivador", "Raccoglitore"];

/** A small seeded PRNG (mulberry32): the same archive every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fills a user's archive; answers what it wrote and how long it took. */
export async function seedArchive({
  databaseUrl,
  userId,
  email,
  rolls = 2000,
  shots = 70000,
  searchPath,
}: SeedOptions): Promise<SeededArchive> {
  const started = performance.now();
  const rnd = random(29);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const client = new pg.Client({ connectionString: databaseUrl, ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}) });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into users (id, email, role, policy_accepted, policy_accepted_at, created_at, updated_at)
       values ($1, $2, 'user', true, now(), now(), now()) on conflict (id) do nothing`,
      [userId, email ?? `archive-${userId}@example.com`],
    );
    await client.query(
      `insert into user_plans (user_id, plan) values ($1, 'unlimited') on conflict (user_id) do update set plan = 'unlimited'`,
      [userId],
    );
    const cameraIds = CAMERAS.map(() => randomUUID());
    const lensIds = LENSES.map(() => randomUUID());
    await client.query(
      `insert into cameras (id, user_id, metadata, created_at)
       select id, $1, jsonb_build_object('brand', brand, 'model', model, 'type', 'slr', 'format', '135', 'frame_size', '24x36'), now()
       from unnest($2::uuid[], $3::text[], $4::text[]) as t(id, brand, model)`,
      [userId, cameraIds, CAMERAS.map((c) => c[0]), CAMERAS.map((c) => c[1])],
    );
    await client.query(
      `insert into lenses (id, user_id, metadata, created_at)
       select id, $1, jsonb_build_object('brand', brand, 'model', model, 'min_focal', focal, 'max_focal', focal, 'max_aperture', aperture), now()
       from unnest($2::uuid[], $3::text[], $4::text[], $5::int[], $6::float8[]) as t(id, brand, model, focal, aperture)`,
      [userId, lensIds, LENSES.map((l) => l[0]), LENSES.map((l) => l[1]), LENSES.map((l) => l[2]), LENSES.map((l) => l[3])],
    );

    // Rolls, oldest first: added over the last twenty years, shot the same year or a little before.
    const film = {
      id: [] as string[],
      name: [] as string[],
      brand: [] as string[],
      model: [] as string[],
      iso: [] as number[],
      format: [] as string[],
      nExp: [] as number[],
      process: [] as string[],
      pushPull: [] as number[],
      month: [] as (number | null)[],
      year: [] as (number | null)[],
      scanner: [] as (string | null)[],
      cameraId: [] as (string | null)[],
      lensId: [] as (string | null)[],
      sticker: [] as (string | null)[],
      fromLab: [] as (string | null)[],
      status: [] as (string | null)[],
      storage: [] as (string | null)[],
      createdAt: [] as string[],
    };
    const now = Date.now();
    const span = 20 * 365 * 24 * 3600 * 1000;
    for (let i = 0; i < rolls; i++) {
      const [brand, model, iso, process] = pick(STOCKS);
      const [format, nExp] = pick(FORMATS);
      const created = new Date(now - span + (span * i) / rolls + Math.floor(rnd() * 3600_000));
      const year = rnd() < 0.08 ? null : created.getUTCFullYear() - (rnd() < 0.2 ? 1 : 0);
      const place = pick(PLACES);
      film.id.push(randomUUID());
      film.name.push(rnd() < 0.1 ? "" : `${place} ${year ?? ""}`.trim());
      film.brand.push(brand);
      film.model.push(model);
      film.iso.push(iso);
      film.format.push(format);
      film.nExp.push(nExp);
      film.process.push(process);
      film.pushPull.push(rnd() < 0.15 ? pick([-1, 1, 1, 2]) : 0);
      film.month.push(year === null || rnd() < 0.1 ? null : 1 + Math.floor(rnd() * 12));
      film.year.push(year);
      film.scanner.push(rnd() < 0.3 ? null : pick(SCANNERS));
      film.cameraId.push(rnd() < 0.15 ? null : pick(cameraIds));
      film.lensId.push(rnd() < 0.3 ? null : pick(lensIds));
      film.sticker.push(rnd() < 0.2 ? `seed-archive-${userId}-${i}` : null);
      film.fromLab.push(rnd() < 0.3 ? pick(LABS) : null);
      film.status.push(rnd() < 0.2 ? null : pick(ROLL_STATUSES));
      film.storage.push(rnd() < 0.4 ? null : `${pick(STORAGE)} ${1 + Math.floor(rnd() * 40)} / ${1 + Math.floor(rnd() * 20)}`);
      film.createdAt.push(created.toISOString());
    }
    for (let from = 0; from < rolls; from += 500) {
      const to = Math.min(rolls, from + 500);
      const slice = <T>(list: T[]) => list.slice(from, to);
      await client.query(
        `insert into films (id, user_id, name, brand, model, iso, format, n_exp, process, push_pull, month, year, scanner,
           camera_id, lens_id, sticker_hash, from_lab_name, status, storage_location, created_at, updated_at)
         select id, $1, name, brand, model, iso, format, n_exp, process, push_pull, month, year, scanner, camera_id, lens_id,
           sticker_hash, from_lab_name, status, storage_location, created_at, created_at
         from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::int[], $9::text[], $10::int[],
           $11::int[], $12::int[], $13::text[], $14::uuid[], $15::uuid[], $16::text[], $17::text[], $18::text[], $19::text[],
           $20::timestamptz[])
           as t(id, name, brand, model, iso, format, n_exp, process, push_pull, month, year, scanner, camera_id, lens_id,
             sticker_hash, from_lab_name, status, storage_location, created_at)`,
        [
          userId,
          slice(film.id),
          slice(film.name),
          slice(film.brand),
          slice(film.model),
          slice(film.iso),
          slice(film.format),
          slice(film.nExp),
          slice(film.process),
          slice(film.pushPull),
          slice(film.month),
          slice(film.year),
          slice(film.scanner),
          slice(film.cameraId),
          slice(film.lensId),
          slice(film.sticker),
          slice(film.fromLab),
          slice(film.status),
          slice(film.storage),
          slice(film.createdAt),
        ],
      );
    }

    // Frames: `shots` of them, each roll's share in proportion to its exposures (a 36 roll gives a few more or less).
    const exposures = film.nExp.reduce((a, b) => a + b, 0);
    const perRoll = film.nExp.map((n) => Math.floor((n * shots) / exposures));
    for (let r = 0, left = shots - perRoll.reduce((a, b) => a + b, 0); left > 0; r = (r + 1) % rolls, left--) perRoll[r]!++;
    const APERTURES = [1.4, 2, 2.8, 4, 5.6, 8, 11, 16];
    const SHUTTERS = ["1/1000", "1/500", "1/250", "1/125", "1/60", "1/30", "1/15"];
    const batch = {
      filmId: [] as string[],
      index: [] as number[],
      key: [] as string[],
      cameraId: [] as (string | null)[],
      lensId: [] as (string | null)[],
      kept: [] as boolean[],
      aperture: [] as (number | null)[],
      shutter: [] as (string | null)[],
      takenAt: [] as (string | null)[],
      note: [] as (string | null)[],
    };
    const flush = async () => {
      if (!batch.filmId.length) return;
      await client.query(
        `insert into shots (film_id, user_id, index, state, object_key, thumb_key, preview_key, content_type, size, width, height,
           camera_id, lens_id, kept, aperture, shutter, taken_at, note, created_at, updated_at)
         select film_id, $1, index, 'done', key || '/original.jpg', key || '/thumb.webp', key || '/preview.jpg', 'image/jpeg',
           24000000, 6000, 4000, camera_id, lens_id, kept, aperture, shutter, taken_at, note, now(), now()
         from unnest($2::uuid[], $3::int[], $4::text[], $5::uuid[], $6::uuid[], $7::bool[], $8::float8[], $9::text[], $10::text[],
           $11::text[]) as t(film_id, index, key, camera_id, lens_id, kept, aperture, shutter, taken_at, note)`,
        [
          userId,
          batch.filmId,
          batch.index,
          batch.key,
          batch.cameraId,
          batch.lensId,
          batch.kept,
          batch.aperture,
          batch.shutter,
          batch.takenAt,
          batch.note,
        ],
      );
      for (const list of Object.values(batch)) list.length = 0;
    };
    for (let r = 0; r < rolls; r++) {
      const year = film.year[r] ?? null;
      const month = film.month[r] ?? 1 + Math.floor(rnd() * 12);
      for (let index = 1; index <= perRoll[r]!; index++) {
        batch.filmId.push(film.id[r]!);
        batch.index.push(index);
        batch.key.push(`films/${film.id[r]}/${index}`);
        batch.cameraId.push(rnd() < 0.05 ? pick(cameraIds) : null);
        batch.lensId.push(rnd() < 0.1 ? pick(lensIds) : null);
        batch.kept.push(rnd() < 0.05);
        const logged = rnd() < 0.6;
        batch.aperture.push(logged ? pick(APERTURES) : null);
        batch.shutter.push(logged ? pick(SHUTTERS) : null);
        batch.takenAt.push(
          logged && year !== null
            ? `${year}-${String(month).padStart(2, "0")}-${String(1 + Math.floor(rnd() * 28)).padStart(2, "0")}T${String(8 + Math.floor(rnd() * 12)).padStart(2, "0")}:${String(Math.floor(rnd() * 60)).padStart(2, "0")}:00${pick(["+01:00", "+02:00", "-05:00", "Z"])}`
            : null,
        );
        batch.note.push(rnd() < 0.3 ? `${pick(NOTES)}, ${pick(PLACES)}` : null);
        if (batch.filmId.length >= 5000) await flush();
      }
    }
    await flush();
    await client.query("commit");
    // What autovacuum would do soon after: statistics for the planner, the search index's pending entries merged.
    for (const table of ["films", "shots", "roll_search", "shot_search"]) await client.query(`vacuum analyze ${table}`);
    return { rolls, shots, cameraIds, lensIds, ms: performance.now() - started };
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { email: { type: "string" }, user: { type: "string" }, rolls: { type: "string" }, shots: { type: "string" } },
  });
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || !(values.email || values.user)) {
    console.error(
      "usage: DATABASE_URL=postgres://… node bench/seed-archive.ts --email you@example.com | --user ID [--rolls 2000] [--shots 70000]",
    );
    process.exit(2);
  }
  let userId = values.user;
  if (!userId) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const found = await client.query<{ id: string }>("select id from users where email = $1", [values.email]);
    await client.end();
    userId = found.rows[0]?.id ?? randomUUID();
  }
  const seeded = await seedArchive({
    databaseUrl,
    userId,
    email: values.email,
    rolls: values.rolls ? Number(values.rolls) : undefined,
    shots: values.shots ? Number(values.shots) : undefined,
  });
  console.log(`Seeded ${seeded.rolls} rolls and ${seeded.shots} frames for user ${userId} in ${(seeded.ms / 1000).toFixed(1)} s`);
}
