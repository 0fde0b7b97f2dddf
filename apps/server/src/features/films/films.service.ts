import { FRAME_SIZES } from "@latent/domain/film-config";
import type { Film, ListFilmsQuery, NewFilm, PublicFilm, PublicLink, Shot, UpdateFilm } from "@latent/domain/films";
import type { Insertable, Kysely, Selectable } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database, FilmsTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";
import { createHook } from "../../platform/hooks/hook.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import type { LinkScope } from "../../platform/http/url-signer.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import type { GearService } from "../gear/gear.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { UsersService } from "../users/users.service.ts";
import {
  countFilms,
  deleteFilmRow,
  findFilm,
  findFilmById,
  findFilmBySticker,
  findFilmWithShots,
  findLabCopy,
  findRollLife,
  findRollLifeBySticker,
  findRollsInLabOrder,
  findRollsLife,
  forgetLabOfFilms,
  insertFilm,
  insertLabCopy,
  listAllFilmsOfUser,
  listFilms,
  listFilmsByIds,
  listHoldsEndingOn,
  listOrderFilms,
  listOrdersFilms,
  listStickeredFilms,
  listStorageLocations,
  lockFilmRow,
  lockRollLife,
  setFilmSticker,
  setRollLife,
  setRollSettings,
  transferFilmRow,
  updateFilmRow,
} from "./films.store.ts";

export type FilmRow = Selectable<FilmsTable>;

export interface FilmsDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  shots: ShotsService;
  entitlements: EntitlementsService;
  users: Pick<UsersService, "hasAcceptedPolicy">;
  gear: Pick<GearService, "assertOwned">;
}

/** A new roll's row, the caller's own or one in a lab's order: the frame count defaults to the format's usual one. */
function newFilmRow(userId: string, f: NewFilm, orderId: string | null = null): Insertable<FilmsTable> {
  const now = new Date();
  return {
    user_id: userId,
    order_id: orderId,
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
  };
}

/** Object keys of a film all live under one prefix, so deleting a roll deletes its files. */
export const filmPrefix = (filmId: string) => `films/${filmId}/`;

export function createFilmsService({ db, store, shots, entitlements, users, gear }: FilmsDeps) {
  entitlements.registerMeter("rolls", countFilms);
  /**
   * Runs before a roll and its files go, inside the removal's transaction with the roll locked (no shot can be added
   * until it is gone): the uploads feature ends the roll's unfinished uploads there, so none started meanwhile escapes
   * it. Listeners use `tx` only.
   */
  const beforeRemove = createHook<{ film: FilmRow; tx: Db }>();
  /** Runs when a shared roll is shown to whoever holds its link: the roll-life feature adds its timeline there. */
  const sharing = createHook<{ row: FilmRow; shown: PublicFilm }>();
  /** Deletes one roll's row after the removal hooks, under the roll's lock; answers whether it was there. */
  const removeRow = (userId: string, film: FilmRow) =>
    db.transaction().execute(async (tx) => {
      if (!(await lockFilmRow(tx, userId, film.id))) return false;
      await beforeRemove.run({ film, tx });
      return deleteFilmRow(tx, userId, film.id);
    });
  /**
   * Deletes a roll's files: those under its prefix, and those of shots that joined it from a lab's copy (their keys
   * stayed under the copy's prefix). `elsewhere` is read before the roll's shots go.
   */
  const removeFiles = async (id: string, elsewhere: readonly string[]) => {
    await store.deletePrefix(filmPrefix(id));
    for (const key of elsewhere) await store.delete(key);
  };
  const filesElsewhere = async (id: string) => (await shots.fileKeys(id)).filter((key) => !key.startsWith(filmPrefix(id)));

  const toFilm = (row: FilmRow, summary: { count: number; coverKey: string | null } | undefined): Film => ({
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
    order_id: row.order_id,
    from_lab_name: row.from_lab_name,
    status: row.status as Film["status"],
    storage_location: row.storage_location,
    shot_count: summary?.count ?? 0,
    cover_url: summary?.coverKey ? shots.mediaLink(summary.coverKey) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });

  const summarised = (row: FilmRow & { shot_count: string | number; cover_key: string | null }) =>
    toFilm(row, { count: Number(row.shot_count), coverKey: row.cover_key });

  /**
   * The roll with its shots; the cover and count come from the same list, so they always agree with it. The count
   * is of finished shots: one still uploading, being processed or failed is not yet one of the roll's shots.
   */
  const withShots = async (row: FilmRow, scope?: LinkScope, listed?: Promise<Shot[]>) => {
    const list = await (listed ?? shots.listForFilm(row.id, scope));
    const done = list.filter((shot) => shot.state === "done");
    const cover = done.find((shot) => shot.version.thumbnail_url)?.version.thumbnail_url ?? null;
    return { ...toFilm(row, undefined), shot_count: done.length, cover_url: cover, shots: list };
  };

  // `tx`: inside another feature's transaction (on PGlite's one connection a query outside it would wait for it).
  const load = async (userId: string, id: string, tx: Db = db) => {
    const row = await findFilm(tx, userId, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    beforeRemove,
    sharing,

    /**
     * A roll's life columns (issue 29), for the roll-life feature, which decides who may see and change them: by id,
     * locked in its transaction, by sticker, the customers' rolls received into a lab's order, the owner's settings
     * and storage locations, and the holds ending on given days.
     */
    life: {
      find: (id: string) => findRollLife(db, id),
      lock: (tx: Db, id: string) => lockRollLife(tx, id),
      findMany: (ids: readonly string[]) => findRollsLife(db, ids),
      bySticker: (hash: string) => findRollLifeBySticker(db, hash),
      inLabOrder: (orderId: string) => findRollsInLabOrder(db, orderId),
      /** Adds the lab's copy of a customer's roll to its order, inside the receiving transaction. */
      addLabCopy: (tx: Db, labId: string, orderId: string, customerFilmId: string) => insertLabCopy(tx, labId, orderId, customerFilmId),
      /** The lab's copy of a customer's roll while it is in the lab's order. */
      labCopyOf: (customerFilmId: string) => findLabCopy(db, customerFilmId),
      set: (tx: Db, id: string, values: Parameters<typeof setRollLife>[2]) => setRollLife(tx, id, values),
      setSettings: (userId: string, id: string, values: Parameters<typeof setRollSettings>[3]) => setRollSettings(db, userId, id, values),
      storageLocations: (userId: string, q: string, limit: number) => listStorageLocations(db, userId, q, limit),
      holdsEndingOn: (dates: readonly string[]) => listHoldsEndingOn(db, dates),
    },

    /** The shared roll as its link shows it: its shots under the link's scope, and its timeline if the owner shows it. */
    async shared(row: FilmRow, scope: LinkScope, link: PublicLink): Promise<PublicFilm> {
      const film = await withShots(row, scope);
      // Downloads off: previews only, so no original's link is handed out at all (its route refuses it too).
      const shots = link.downloads ? film.shots : film.shots.map((shot) => ({ ...shot, version: { ...shot.version, url: null } }));
      const shown: PublicFilm = { ...film, shots, timeline: null, link };
      await sharing.run({ row, shown });
      return shown;
    },

    // The list and a search's page: each roll with its shots' summary, in one statement (decision 0051).
    async list(userId: string, query: ListFilmsQuery) {
      return (await listFilms(db, shots.rollSql, userId, query)).map(summarised);
    },

    /** The caller's rolls of these ids in the same order, as the list shows them (a search's page). */
    async byIds(userId: string, ids: readonly string[]) {
      const byId = new Map((await listFilmsByIds(db, shots.rollSql, userId, ids)).map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [summarised(row)] : [];
      });
    },

    /** The roll with its shots (signed links to their files). */
    async get(userId: string, id: string) {
      // One statement: the roll, scoped to the caller, with its shots (decision 0051).
      const found = await findFilmWithShots(db, shots.rollSql, userId, id);
      if (!found) throw notFound();
      const { shots: rows, ...row } = found;
      return withShots(row, undefined, Promise.resolve(rows.map((shot) => shots.toShot(shot))));
    },

    /** Registers a roll: privacy policy accepted first, then the plan's roll capacity. */
    async create(userId: string, f: NewFilm) {
      await gear.assertOwned(userId, f, "invalid-new-film");
      if (!(await users.hasAcceptedPolicy(userId))) throw new AppError("privacy-policy-required");
      const id = await db.transaction().execute(async (tx) => {
        await entitlements.assertRoom(tx, userId, "rolls");
        const { id } = await insertFilm(tx, newFilmRow(userId, f));
        return id;
      });
      return this.get(userId, id);
    },

    async update(userId: string, id: string, f: UpdateFilm) {
      await load(userId, id);
      await gear.assertOwned(userId, f, "invalid-new-film");
      await updateFilmRow(db, userId, id, f);
      return this.get(userId, id);
    },

    /** Deletes the roll, its shots, unfinished uploads and every stored file. */
    async remove(userId: string, id: string) {
      const row = await load(userId, id);
      const elsewhere = await filesElsewhere(id);
      if (!(await removeRow(userId, row))) throw notFound();
      await removeFiles(id, elsewhere);
    },

    /**
     * Deletes every roll of a user whose account is being deleted, a lab's order rolls included, the way one roll is
     * deleted (uploads aborted, shots and share links with it, every stored file); customers' copies of a lab's rolls
     * stay theirs and forget the lab's id. Answers the rolls deleted and the copies changed.
     */
    async removeAllOfUser(userId: string) {
      const rows = await listAllFilmsOfUser(db, userId);
      for (const row of rows) {
        const elsewhere = await filesElsewhere(row.id);
        await removeRow(userId, row);
        await removeFiles(row.id, elsewhere);
      }
      return { rolls: rows.length, labCopies: await forgetLabOfFilms(db, userId) };
    },

    /** The film row for services that act on a caller's roll (uploads, shares, zip); 404 when not theirs. */
    load,
    /**
     * The same, locked until `tx` ends: a change that depends on what the roll holds (its sticker) waits for another
     * under way, then reads what that one left, where two would each see the roll bare and the last would win.
     */
    async loadLocked(userId: string, id: string, tx: Db) {
      if (!isUuid(id) || !(await lockFilmRow(tx, userId, id))) throw notFound();
      return load(userId, id, tx);
    },
    withShots,

    /**
     * A roll in a lab's order (the orders feature has checked the order and its roll limit): the lab uploads its
     * scans like any roll's. It is not one of the lab's own rolls, so no plan limit or privacy check of its own.
     */
    async createInOrder(labId: string, orderId: string, f: NewFilm) {
      await gear.assertOwned(labId, f, "invalid-new-film");
      const { id } = await insertFilm(db, newFilmRow(labId, f, orderId));
      return this.get(labId, id);
    },

    /** An order's rolls with their shots; `scope` signs their links for whoever opens the order's link. */
    async ofOrder(labId: string, orderId: string, scope?: LinkScope) {
      const rows = await listOrderFilms(db, labId, orderId);
      const shotsOf = await shots.listForFilms(
        rows.map((row) => row.id),
        scope,
      );
      return Promise.all(rows.map((row) => withShots(row, scope, Promise.resolve(shotsOf.get(row.id) ?? []))));
    },

    /** The rolls with their shots of several orders (a page of the order list) in two queries, by order id. */
    async ofOrders(labId: string, orderIds: readonly string[]) {
      const rows = await listOrdersFilms(db, labId, orderIds);
      const shotsOf = await shots.listForFilms(rows.map((row) => row.id));
      const byOrder = new Map<string, Awaited<ReturnType<typeof withShots>>[]>();
      for (const row of rows) {
        const list = byOrder.get(row.order_id!) ?? [];
        list.push(await withShots(row, undefined, Promise.resolve(shotsOf.get(row.id) ?? [])));
        byOrder.set(row.order_id!, list);
      }
      return byOrder;
    },

    /** The rows of an order's rolls (ids, names), for counting and handing over. */
    orderRows: (labId: string, orderId: string) => listOrderFilms(db, labId, orderId),

    /**
     * Hands an order's rolls to the customer in one transaction: the customer's plan must have room for the rolls,
     * their bytes and kept shots (counted in `tx`, as any addition), then rolls and shots change owner; a lab's copy of
     * the customer's own roll (received by its sticker) gives that roll its shots and goes. Answers what moved,
     * counted before the move (afterwards the lab has nothing left to count), and which copies joined which roll.
     */
    async transferToCustomer(tx: Db, labId: string, filmIds: string[], customerId: string, labName: string) {
      const usage = await shots.usageOfFilms(filmIds, tx);
      // A lab's copy of this customer's own roll (received by its sticker) joins that roll instead of making a second.
      const joining = new Map<string, string>();
      const copies = (await findRollsLife(tx, filmIds)).filter((row) => row.customer_film_id !== null);
      const theirs = await findRollsLife(
        tx,
        copies.map((row) => row.customer_film_id!),
      );
      for (const copy of copies) {
        const own = theirs.find((row) => row.id === copy.customer_film_id);
        if (own && own.user_id === customerId && own.order_id === null) joining.set(copy.id, own.id);
      }
      await entitlements.assertRoom(tx, customerId, "rolls", filmIds.length - joining.size);
      await entitlements.assertRoom(tx, customerId, "storage", usage.bytes);
      await entitlements.assertRoom(tx, customerId, "kept", usage.kept);
      for (const id of filmIds) {
        const into = joining.get(id);
        if (into) {
          const copy = await findFilm(tx, labId, id);
          if (!copy || !(await lockFilmRow(tx, customerId, into))) throw notFound();
          await shots.moveInto(tx, id, into, customerId);
          await beforeRemove.run({ film: copy, tx });
          await deleteFilmRow(tx, labId, id);
          continue;
        }
        if (!(await transferFilmRow(tx, id, labId, customerId, labName))) throw notFound();
        await shots.transfer(tx, id, customerId);
      }
      // `joined`: the lab's rolls that joined the customer's own, by lab roll id; the customer sees them under that id.
      return { rolls: filmIds.length, scans: usage.done, bytes: usage.bytes, joined: Object.fromEntries(joining) };
    },

    /** The roll a sticker is on (any owner's), for the stickers feature; undefined when it is on none. */
    filmOfSticker: (hash: string, tx: Db = db) => findFilmBySticker(tx, hash),

    /** The caller's rolls that carry a sticker. */
    stickeredFilms: (userId: string) => listStickeredFilms(db, userId),

    /** Puts a sticker on the caller's roll (null takes it off), inside the stickers feature's transaction. */
    async setSticker(tx: Db, userId: string, id: string, hash: string | null) {
      if (!(await setFilmSticker(tx, userId, id, hash))) throw notFound();
    },

    /** A roll by id alone, for a link whose signature already proved the right to it (the zip link). */
    async loadForSignedLink(id: string) {
      const row = await findFilmById(db, id);
      if (!row) throw notFound();
      return row;
    },
  };
}

export type FilmsService = ReturnType<typeof createFilmsService>;
