import { FRAME_SIZES } from "@latent/domain/film-config";
import type { Film, ListFilmsQuery, NewFilm, UpdateFilm } from "@latent/domain/films";
import { hasRoomFor, planOf } from "@latent/domain/plans";
import type { Kysely, Selectable } from "kysely";
import type { Database, FilmsTable } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import type { UrlSigner } from "../../platform/http/url-signer.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { lockUser } from "../users/users.store.ts";
import { countFilms, deleteFilmRow, findFilm, insertFilm, listFilms, ownsGear, updateFilmRow } from "./films.store.ts";

export const MEDIA_LINK_TTL_S = 15 * 60;

type FilmRow = Selectable<FilmsTable> & { shot_count: unknown; cover_key: string | null };

export interface FilmsDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  signer: UrlSigner;
  shots: ShotsService;
}

/** Object keys of a film all live under one prefix, so deleting a roll deletes its files. */
export const filmPrefix = (filmId: string) => `films/${filmId}/`;

export function createFilmsService({ db, store, signer, shots }: FilmsDeps) {
  const toFilm = (row: FilmRow): Film => ({
    id: row.id,
    name: row.name,
    brand: row.brand,
    model: row.model,
    iso: row.iso,
    format: row.format as Film["format"],
    n_exp: row.n_exp,
    process: row.process as Film["process"],
    push_pull: row.push_pull,
    month: row.month,
    year: row.year,
    scanner: row.scanner,
    camera_id: row.camera_id,
    lens_id: row.lens_id,
    sticker_hash: row.sticker_hash,
    shot_count: Number(row.shot_count ?? 0),
    cover_url: row.cover_key ? signer.sign(`/media/${row.cover_key}`, MEDIA_LINK_TTL_S) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });

  const checkGear = async (userId: string, f: { camera_id?: string | null; lens_id?: string | null }) => {
    if (f.camera_id && !(await ownsGear(db, "cameras", userId, f.camera_id))) {
      throw new AppError(422, "invalid-new-film", "camera_id: no such camera", { camera_id: "no such camera" });
    }
    if (f.lens_id && !(await ownsGear(db, "lenses", userId, f.lens_id))) {
      throw new AppError(422, "invalid-new-film", "lens_id: no such lens", { lens_id: "no such lens" });
    }
  };

  /** The roll with its shots; the cover and count come from the same list, so they always agree with it. */
  const withShots = async (row: FilmRow, ttl?: number) => {
    const list = await shots.listForFilm(row.id, ttl);
    const cover = list.find((shot) => shot.state === "done" && shot.version.thumbnail_url)?.version.thumbnail_url ?? null;
    return { ...toFilm(row), shot_count: list.length, cover_url: cover, shots: list };
  };

  const load = async (userId: string, id: string) => {
    const row = await findFilm(db, userId, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    async list(userId: string, query: ListFilmsQuery) {
      return (await listFilms(db, userId, query)).map(toFilm);
    },

    /** The roll with its shots (signed links to their files). */
    async get(userId: string, id: string) {
      const row = await load(userId, id);
      return withShots(row);
    },

    /** Registers a roll: privacy policy accepted first, then the plan's roll capacity. */
    async create(userId: string, f: NewFilm) {
      await checkGear(userId, f);
      const id = await db.transaction().execute(async (tx) => {
        const user = await lockUser(tx, userId);
        if (!user) throw notFound();
        if (!user.policy_accepted) throw new AppError(422, "privacy-policy-required");
        if (!hasRoomFor(await countFilms(tx, userId), planOf(user.plan).maxFilms)) throw new AppError(422, "films-capacity-reached");
        const now = new Date();
        const { id } = await insertFilm(tx, {
          user_id: userId,
          name: f.name,
          brand: f.brand,
          model: f.model,
          iso: f.iso,
          format: f.format,
          n_exp: f.n_exp ?? FRAME_SIZES[f.format][0]!.exposures,
          process: f.process,
          push_pull: f.push_pull,
          month: f.month ?? null,
          year: f.year ?? null,
          scanner: f.scanner ?? null,
          camera_id: f.camera_id ?? null,
          lens_id: f.lens_id ?? null,
          created_at: now,
          updated_at: now,
        });
        return id;
      });
      return this.get(userId, id);
    },

    async update(userId: string, id: string, f: UpdateFilm) {
      await load(userId, id);
      await checkGear(userId, f);
      await updateFilmRow(db, userId, id, f);
      return this.get(userId, id);
    },

    /** Deletes the roll, its shots, unfinished uploads and every stored file. */
    async remove(userId: string, id: string) {
      await load(userId, id);
      await shots.abortUploadsOfFilm(id);
      if (!(await deleteFilmRow(db, userId, id))) throw notFound();
      await store.deletePrefix(filmPrefix(id));
    },

    /** The film row for services that act on a caller's roll (uploads, shares, zip); 404 when not theirs. */
    load,
    withShots,
  };
}

export type FilmsService = ReturnType<typeof createFilmsService>;
