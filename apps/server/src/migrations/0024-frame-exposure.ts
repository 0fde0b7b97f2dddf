import type { Kysely } from "kysely";

/**
 * Issue 28: each frame's exposure as photographers log it. `taken_at` keeps the text with its offset (a timestamp
 * column would keep the instant and lose where on the globe's clock the frame was taken); `shutter` keeps the speed as
 * written ("1/125", `2"`, "B").
 */
const COLUMNS = [
  ["aperture", "double precision"],
  ["shutter", "text"],
  ["focal_length", "double precision"],
  ["exposure_compensation", "double precision"],
  ["taken_at", "text"],
  ["latitude", "double precision"],
  ["longitude", "double precision"],
  ["place", "text"],
  ["filter", "text"],
  ["note", "text"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS) await db.schema.alterTable("shots").addColumn(name, type).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable("shots").dropColumn(name).execute();
}
