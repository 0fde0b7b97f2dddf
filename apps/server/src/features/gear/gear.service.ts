import { gearName, matchesGear } from "@latent/domain/gear";
import { hasRoomFor, planOf } from "@latent/domain/plans";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { countGear, lockUser } from "../users/users.store.ts";
import { deleteGear, type GearKind, insertGear, isGearId, listGear, updateGear } from "./gear.store.ts";

interface GearRow {
  id: string;
  metadata: unknown;
  created_at: Date;
}

function toGear<M extends { brand: string; model: string }>(row: GearRow) {
  const metadata = row.metadata as M;
  return { id: row.id, name: gearName(metadata), metadata, created_at: row.created_at.toISOString() };
}

/** Cameras and lenses share one rule set: owned by one user, counted together against the plan's gear limit. */
export function createGearService(db: Kysely<Database>) {
  return {
    async list<M extends { brand: string; model: string }>(kind: GearKind, userId: string, query = "") {
      const rows = await listGear(db, kind, userId);
      return rows.map((r) => toGear<M>(r)).filter((g) => matchesGear(g.metadata, query));
    },

    /** Adds a piece of gear unless the plan's gear limit is reached. */
    async create<M extends { brand: string; model: string }>(kind: GearKind, userId: string, metadata: M) {
      return db.transaction().execute(async (tx) => {
        const user = await lockUser(tx, userId);
        if (!user) throw notFound();
        if (!hasRoomFor(await countGear(tx, userId), planOf(user.plan).maxGear)) {
          throw new AppError(422, "gear-limit-reached");
        }
        return toGear<M>(await insertGear(tx, kind, userId, metadata));
      });
    },

    async update<M extends { brand: string; model: string }>(kind: GearKind, userId: string, id: string, metadata: M) {
      if (!isGearId(id)) throw notFound();
      const row = await updateGear(db, kind, userId, id, metadata);
      if (!row) throw notFound();
      return toGear<M>(row);
    },

    async remove(kind: GearKind, userId: string, id: string) {
      if (!isGearId(id) || !(await deleteGear(db, kind, userId, id))) throw notFound();
    },
  };
}

export type GearService = ReturnType<typeof createGearService>;
