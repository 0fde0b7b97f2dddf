import { type GearKind, gearName, matchesGear } from "@latent/domain/gear";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import { countGear, deleteGear, insertGear, isGearId, listGear, ownsGear, updateGear } from "./gear.store.ts";

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
export function createGearService({ db, entitlements }: { db: Kysely<Database>; entitlements: EntitlementsService }) {
  entitlements.registerMeter("gear", countGear);
  return {
    async list<M extends { brand: string; model: string }>(kind: GearKind, userId: string, query = "") {
      const rows = await listGear(db, kind, userId);
      return rows.map((r) => toGear<M>(r)).filter((g) => matchesGear(g.metadata, query));
    },

    /** Adds a piece of gear unless the plan's gear limit is reached. */
    async create<M extends { brand: string; model: string }>(kind: GearKind, userId: string, metadata: M) {
      return db.transaction().execute(async (tx) => {
        await entitlements.assertRoom(tx, userId, "gear");
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

    /**
     * Refuses a camera or lens id that is not one of the user's (a roll or shot naming foreign gear), with `code`:
     * the error the caller's route answers for a bad field.
     */
    async assertOwned(
      userId: string,
      ids: { camera_id?: string | null; lens_id?: string | null },
      code: "invalid-new-film" | "bad-request",
    ) {
      if (ids.camera_id && !(await ownsGear(db, "cameras", userId, ids.camera_id))) {
        throw new AppError(code, "camera_id: no such camera", { camera_id: "no such camera" });
      }
      if (ids.lens_id && !(await ownsGear(db, "lenses", userId, ids.lens_id))) {
        throw new AppError(code, "lens_id: no such lens", { lens_id: "no such lens" });
      }
    },
  };
}

export type GearService = ReturnType<typeof createGearService>;
