import type { Updateable } from "kysely";
import type { Db } from "../../../platform/db/db-handle.ts";
import type { LabsTable } from "../../../platform/db/schema.ts";

export function findLab(db: Db, id: string) {
  return db.selectFrom("labs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The labs that filled in a name, by name or location; at most 100 (a directory, not an export). */
export function listLabs(db: Db, search?: string) {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .selectFrom("labs")
    .selectAll()
    .where("name", "!=", "")
    .$if(like !== undefined, (q) => q.where((eb) => eb.or([eb("name", "ilike", like!), eb("location", "ilike", like!)])))
    .orderBy("name")
    .limit(100)
    .execute();
}

/** Writes the lab's profile, making its row on the first save. */
export function saveLab(db: Db, id: string, values: Updateable<LabsTable>) {
  return db
    .insertInto("labs")
    .values({ id, ...values, updated_at: new Date() } as never)
    .onConflict((oc) => oc.column("id").doUpdateSet({ ...values, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findTemplate(db: Db, labId: string) {
  return db.selectFrom("lab_email_templates").selectAll().where("lab_id", "=", labId).executeTakeFirst();
}

export function saveTemplate(db: Db, labId: string, subject: string, body: string) {
  return db
    .insertInto("lab_email_templates")
    .values({ lab_id: labId, subject, body })
    .onConflict((oc) => oc.column("lab_id").doUpdateSet({ subject, body, updated_at: new Date() }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the lab's profile and email template (the account is being deleted); answers how many rows went. */
export async function deleteLabRows(db: Db, labId: string) {
  const templates = await db.deleteFrom("lab_email_templates").where("lab_id", "=", labId).executeTakeFirst();
  const labs = await db.deleteFrom("labs").where("id", "=", labId).executeTakeFirst();
  return { labs: Number(labs.numDeletedRows), templates: Number(templates.numDeletedRows) };
}
