import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { Db } from "../../../platform/db/db-handle.ts";
import type {
  Database,
  LabWebhookAttemptsTable,
  LabWebhookDeliveriesTable,
  LabWebhookEndpointsTable,
} from "../../../platform/db/schema.ts";

/** The lab's endpoints, oldest first. */
export function listEndpoints(db: Db, labId: string) {
  return db.selectFrom("lab_webhook_endpoints").selectAll().where("lab_id", "=", labId).orderBy("created_at").orderBy("id").execute();
}

export function findEndpoint(db: Db, labId: string, id: string) {
  return db.selectFrom("lab_webhook_endpoints").selectAll().where("lab_id", "=", labId).where("id", "=", id).executeTakeFirst();
}

/** An endpoint by its id alone: for the delivery sweep, which works for every lab. */
export function findEndpointById(db: Db, id: string) {
  return db.selectFrom("lab_webhook_endpoints").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Adds an endpoint unless the lab already holds `max`; undefined then. The lab's endpoints are counted under a lock of
 * the lab's own, so two endpoints added at once cannot both take the last place.
 */
export function insertEndpointIfRoom(db: Kysely<Database>, row: Insertable<LabWebhookEndpointsTable>, max: number) {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`lab_webhook_endpoints:${row.lab_id}`}, 0))`.execute(tx);
    const { n } = await tx
      .selectFrom("lab_webhook_endpoints")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("lab_id", "=", row.lab_id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return undefined;
    return tx.insertInto("lab_webhook_endpoints").values(row).returningAll().executeTakeFirstOrThrow();
  });
}

export function updateEndpoint(db: Db, labId: string, id: string, values: Updateable<LabWebhookEndpointsTable>) {
  return db
    .updateTable("lab_webhook_endpoints")
    .set({ ...values, updated_at: new Date() })
    .where("lab_id", "=", labId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes an endpoint with its deliveries and their attempts; false when the lab has no such endpoint. */
export async function deleteEndpoint(db: Db, labId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom("lab_webhook_endpoints").where("lab_id", "=", labId).where("id", "=", id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Deletes every endpoint of a lab (the account is being deleted); answers how many. */
export async function deleteEndpointsOfLab(db: Db, labId: string): Promise<number> {
  const res = await db.deleteFrom("lab_webhook_endpoints").where("lab_id", "=", labId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** The lab's enabled endpoints that subscribed to `type`. */
export function subscribedEndpoints(db: Db, labId: string, type: string) {
  return db
    .selectFrom("lab_webhook_endpoints")
    .select(["id"])
    .where("lab_id", "=", labId)
    .where("enabled", "=", true)
    .where((eb) => eb(eb.val(type), "=", eb.fn.any("events")))
    .execute();
}

/** Failures since the last success start counting at the first one; a success forgets them. */
export async function recordEndpointOutcome(db: Db, id: string, ok: boolean, at: Date) {
  return db
    .updateTable("lab_webhook_endpoints")
    .set((eb) => ({ failing_since: ok ? null : eb.fn.coalesce("failing_since", eb.val(at)) }))
    .where("id", "=", id)
    .returning(["failing_since"])
    .executeTakeFirst();
}

/** Latent turns off an endpoint that failed for days; false when it was already off (another instance did it). */
export async function disableFailing(db: Db, id: string): Promise<boolean> {
  const res = await db
    .updateTable("lab_webhook_endpoints")
    .set({ enabled: false, disabled_reason: "failing", updated_at: new Date() })
    .where("id", "=", id)
    .where("enabled", "=", true)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function insertDeliveries(db: Db, rows: Insertable<LabWebhookDeliveriesTable>[]) {
  if (rows.length) await db.insertInto("lab_webhook_deliveries").values(rows).execute();
}

/**
 * Claims up to `limit` pending deliveries due at `at` (of enabled endpoints), optionally only `ids`, by moving their
 * due time to `leaseUntil`: another sweep (on this or another instance) skips them until then. A claim that is never
 * finished (the instance died) comes due again at the lease's end: at least once.
 */
export function claimDue(db: Db, at: Date, leaseUntil: Date, limit: number, ids?: readonly string[]) {
  return db
    .updateTable("lab_webhook_deliveries")
    .set({ next_attempt_at: leaseUntil })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("lab_webhook_deliveries as d")
        .select("d.id")
        .where("d.status", "=", "pending")
        .where("d.next_attempt_at", "<=", at)
        .$if(ids !== undefined, (qb) => qb.where("d.id", "in", ids!.length ? [...ids!] : ["00000000-0000-0000-0000-000000000000"]))
        .where((w) =>
          w.exists(
            w.selectFrom("lab_webhook_endpoints as e").select("e.id").whereRef("e.id", "=", "d.endpoint_id").where("e.enabled", "=", true),
          ),
        )
        .orderBy("d.next_attempt_at")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/** Writes one attempt and the delivery's state after it. */
export async function recordAttempt(
  db: Db,
  attempt: Insertable<LabWebhookAttemptsTable>,
  delivery: Pick<Updateable<LabWebhookDeliveriesTable>, "status" | "attempt_count" | "next_attempt_at">,
) {
  await db.insertInto("lab_webhook_attempts").values(attempt).execute();
  await db
    .updateTable("lab_webhook_deliveries")
    .set({ ...delivery, last_attempt_at: attempt.at, last_status_code: attempt.status_code ?? null })
    .where("id", "=", attempt.delivery_id)
    .execute();
}

/** Gives a claimed delivery back, due at `at` (its endpoint was turned off meanwhile). */
export async function releaseDelivery(db: Db, id: string, at: Date) {
  await db.updateTable("lab_webhook_deliveries").set({ next_attempt_at: at }).where("id", "=", id).execute();
}

/** The newest delivery of each endpoint, for the list. */
export function lastDeliveries(db: Db, labId: string, endpointIds: readonly string[]) {
  if (!endpointIds.length) return Promise.resolve([]);
  return db
    .selectFrom("lab_webhook_deliveries")
    .distinctOn("endpoint_id")
    .select(["endpoint_id", "status", "last_status_code", "last_attempt_at", "created_at"])
    .where("lab_id", "=", labId)
    .where("endpoint_id", "in", [...endpointIds])
    .orderBy("endpoint_id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** One page of an endpoint's deliveries, newest first, strictly before the cursor (`created_at`, `id`). */
export function listDeliveries(db: Db, labId: string, endpointId: string, limit: number, before: { at: Date; id: string } | null) {
  return db
    .selectFrom("lab_webhook_deliveries")
    .selectAll()
    .where("lab_id", "=", labId)
    .where("endpoint_id", "=", endpointId)
    .$if(before !== null, (qb) => qb.where((eb) => eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before!.at, before!.id))))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function findDelivery(db: Db, labId: string, endpointId: string, id: string) {
  return db
    .selectFrom("lab_webhook_deliveries")
    .selectAll()
    .where("lab_id", "=", labId)
    .where("endpoint_id", "=", endpointId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The attempts of these deliveries of the lab, oldest first. */
export function attemptsOf(db: Db, labId: string, deliveryIds: readonly string[]) {
  if (!deliveryIds.length) return Promise.resolve([]);
  return db
    .selectFrom("lab_webhook_attempts as a")
    .innerJoin("lab_webhook_deliveries as d", "d.id", "a.delivery_id")
    .selectAll("a")
    .where("d.lab_id", "=", labId)
    .where("a.delivery_id", "in", [...deliveryIds])
    .orderBy("a.at")
    .orderBy("a.id")
    .execute();
}
