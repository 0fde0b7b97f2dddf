import type { Insertable, Updateable } from "kysely";
import type { Db } from "../../../platform/db/db-handle.ts";
import type { LabIntegrationPendingTable, LabIntegrationsTable } from "../../../platform/db/schema.ts";

/** The lab's integrations row, or undefined before it set anything up. */
export function findIntegrations(db: Db, labId: string) {
  return db.selectFrom("lab_integrations").selectAll().where("lab_id", "=", labId).executeTakeFirst();
}

/** Sets these columns of the lab's row, creating the row on first use. */
export async function saveIntegrations(db: Db, labId: string, values: Omit<Updateable<LabIntegrationsTable>, "lab_id">) {
  const set = { ...values, updated_at: new Date() };
  await db
    .insertInto("lab_integrations")
    .values({ lab_id: labId, ...set })
    .onConflict((oc) => oc.column("lab_id").doUpdateSet(set))
    .execute();
}

/** Records a pending authorization (its token hashed), dropping the lab's expired ones on the way. */
export async function insertPending(db: Db, row: Insertable<LabIntegrationPendingTable>, now: Date) {
  await db.deleteFrom("lab_integration_pending").where("lab_id", "=", row.lab_id).where("expires_at", "<=", now).execute();
  await db.insertInto("lab_integration_pending").values(row).execute();
}

/**
 * Takes a pending authorization of `kind` by its token hash: deleted in the same statement, so a token is used at
 * most once even when two callbacks race. Answers it whatever its expiry; the caller checks that.
 */
export function takePending(db: Db, tokenHash: string, kind: LabIntegrationPendingTable["kind"]) {
  return db
    .deleteFrom("lab_integration_pending")
    .where("token_hash", "=", tokenHash)
    .where("kind", "=", kind)
    .returning(["lab_id", "target", "expires_at"])
    .executeTakeFirst();
}

/** Deletes the lab's store credentials and pending authorizations (the account is being deleted); answers the rows. */
export async function deleteIntegrationsOfLab(db: Db, labId: string): Promise<number> {
  const pending = await db.deleteFrom("lab_integration_pending").where("lab_id", "=", labId).executeTakeFirst();
  const integrations = await db.deleteFrom("lab_integrations").where("lab_id", "=", labId).executeTakeFirst();
  return Number(pending.numDeletedRows) + Number(integrations.numDeletedRows);
}
