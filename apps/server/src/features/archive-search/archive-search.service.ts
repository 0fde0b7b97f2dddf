import type { RollSearchPage, RollSearchQuery, ShotSearchPage, ShotSearchQuery } from "@latent/domain/roll-search";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import { searchRollRows, searchShotKeys, shotRowsByIds } from "./archive-search.store.ts";
import { type Cursor, decodeCursor, encodeCursor } from "./search-cursor.ts";

export interface ArchiveSearchDeps {
  db: Kysely<Database>;
  films: Pick<FilmsService, "byIds">;
  shots: Pick<ShotsService, "mediaLink">;
}

/** Search across a photographer's archive (issue 29): their rolls, and their frames. */
export function createArchiveSearchService({ db, films, shots }: ArchiveSearchDeps) {
  return {
    /** A page of the caller's own rolls matching the words and filters, in the order asked, as the rolls list shows them. */
    async rolls(userId: string, q: RollSearchQuery): Promise<RollSearchPage> {
      const after = q.after === undefined ? undefined : decodeCursor(q.sort, q.after);
      const rows = await searchRollRows(db, userId, q, after);
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      const next =
        rows.length > q.limit && last
          ? q.sort === "shot"
            ? encodeCursor<"shot">(["shot", last.year_key, last.month_key, last.id])
            : q.sort === "name"
              ? encodeCursor<"name">(["name", last.name_key, last.id])
              : encodeCursor<"added">(["added", last.added_key, last.id])
          : null;
      return {
        items: await films.byIds(
          userId,
          page.map((row) => row.id),
        ),
        next,
      };
    },

    /** A page of the caller's frames of their own rolls, newest taken first; each opens in its roll's lightbox. */
    async shots(userId: string, q: ShotSearchQuery): Promise<ShotSearchPage> {
      const after = q.after === undefined ? undefined : decodeCursor("taken", q.after);
      const keys = await searchShotKeys(db, userId, q, after);
      const page = keys.slice(0, q.limit);
      const last = page.at(-1);
      const shown = await shotRowsByIds(
        db,
        userId,
        page.map((key) => key.shot_id),
      );
      const rows = new Map(shown.map((row) => [row.id, row]));
      return {
        items: page.flatMap(({ shot_id }) => {
          const row = rows.get(shot_id);
          if (!row) return [];
          return [
            {
              film_id: row.film_id,
              film_name: row.film_name,
              shot_id: row.id,
              index: row.index,
              thumbnail_url: row.thumb_key ? shots.mediaLink(row.thumb_key) : null,
              camera: row.camera,
              lens: row.lens,
              aperture: row.aperture,
              shutter: row.shutter,
              taken_at: row.taken_at,
              kept: row.kept,
            },
          ];
        }),
        next:
          keys.length > q.limit && last
            ? encodeCursor<"taken">(["taken", last.taken_cursor, last.shot_id] satisfies Cursor<"taken">)
            : null,
      };
    },
  };
}

export type ArchiveSearchService = ReturnType<typeof createArchiveSearchService>;
