import { randomUUID } from "node:crypto";
import { paths } from "@latent/domain/app-paths";
import {
  type ListWebhookDeliveriesQuery,
  MAX_WEBHOOK_ENDPOINTS,
  type NewWebhookEndpoint,
  type NewWebhookEndpointResult,
  type UpdateWebhookEndpoint,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveriesPage,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPayload,
  type WebhookSecret,
} from "@latent/domain/lab-webhooks";
import { DEFAULT_LOCALE } from "@latent/domain/locales";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Selectable } from "kysely";
import type { SecretBox } from "../../../platform/crypto/secret-box.ts";
import { isForeignKeyViolation } from "../../../platform/db/db-errors.ts";
import type { Db } from "../../../platform/db/db-handle.ts";
import type { Database, LabWebhookDeliveriesTable, LabWebhookEndpointsTable } from "../../../platform/db/schema.ts";
import type { AfterCommit } from "../../../platform/db/transaction.ts";
import { isUuid } from "../../../platform/db/uuid.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import { translator } from "../../../platform/i18n/translator.ts";
import type { Mailer } from "../../../platform/mail/mailer.ts";
import type { UsersService } from "../../users/users.service.ts";
import type { LabProfileService } from "../profile/profile.service.ts";
import { newWebhookSecret, sendWebhook, WEBHOOK_TIMEOUT_MS } from "./webhook-sender.ts";
import { checkWebhookTarget, type Resolve, systemResolve } from "./webhook-target.ts";
import {
  attemptsOf,
  claimDue,
  deleteEndpoint,
  deleteEndpointsOfLab,
  disableFailing,
  findDelivery,
  findEndpoint,
  findEndpointById,
  insertDeliveries,
  insertEndpointIfRoom,
  lastDeliveries,
  listDeliveries,
  listEndpoints,
  recordAttempt,
  recordEndpointOutcome,
  releaseDelivery,
  subscribedEndpoints,
  updateEndpoint,
} from "./webhooks.store.ts";

export interface LabWebhooksDeps {
  db: Kysely<Database>;
  /** Seals endpoint secrets at rest, each bound to its endpoint. */
  box: SecretBox;
  mailer: Mailer;
  labs: Pick<LabProfileService, "mine">;
  users: Pick<UsersService, "get">;
  /** Tests and development only: http and https to loopback addresses (WEBHOOKS_ALLOW_LOOPBACK). */
  allowLoopback: boolean;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, "warn" | "info">;
  /** The clock of every schedule, attempt and signature: tests move it instead of waiting. */
  now?: () => Date;
  resolve?: Resolve;
}

type EndpointRow = Selectable<LabWebhookEndpointsTable>;
type DeliveryRow = Selectable<LabWebhookDeliveriesTable>;

/** Deliveries claimed by one sweep round, and tried at once. */
const CLAIM_BATCH = 20;
const DAY_MS = 86_400_000;
const iso = (d: Date | string) => new Date(d).toISOString();
/** An event's `webhook-id`: `msg_` and 32 hex digits, unique for the event whatever the endpoint or attempt. */
const newEventId = () => `msg_${randomUUID().replaceAll("-", "")}`;

/**
 * A lab's webhooks out (issue 30, Standard Webhooks): its endpoints, each event written as one delivery per subscribed
 * endpoint in the transaction of the change (never after it), delivered at least once by an attempt right after the
 * commit and a sweep every minute, retried on Standard Webhooks' schedule, logged attempt by attempt; an endpoint
 * failing for days is turned off and its lab mailed. Secrets are sealed at rest, shown once, never logged.
 */
export function createLabWebhooksService(deps: LabWebhooksDeps) {
  const { db, box, mailer, labs, users, allowLoopback, publicUrl, log } = deps;
  const now = deps.now ?? (() => new Date());
  const resolve = deps.resolve ?? systemResolve;
  const sealContext = (endpointId: string) => `${endpointId}:secret`;
  /** Sweeps started in this process and not finished (tests wait for them; shutdown lets them end). */
  const running = new Set<Promise<unknown>>();

  function toEndpoint(row: EndpointRow, last?: Awaited<ReturnType<typeof lastDeliveries>>[number]): WebhookEndpoint {
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events as WebhookEventType[],
      enabled: row.enabled,
      disabled_reason: row.enabled ? null : (row.disabled_reason ?? "lab"),
      last_delivery: last
        ? { status: last.status, status_code: last.last_status_code, at: iso(last.last_attempt_at ?? last.created_at) }
        : null,
      created_at: iso(row.created_at),
    };
  }

  async function own(labId: string, id: string) {
    const row = isUuid(id) ? await findEndpoint(db, labId, id) : undefined;
    if (!row) throw new AppError("webhook-endpoint-not-found");
    return row;
  }

  async function view(labId: string, row: EndpointRow) {
    const [last] = await lastDeliveries(db, labId, [row.id]);
    return toEndpoint(row, last);
  }

  async function toDeliveries(labId: string, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
    const attempts = await attemptsOf(
      db,
      labId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      event_id: r.event_id,
      type: r.type,
      status: r.status,
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({ at: iso(a.at), status_code: a.status_code, error: a.error, duration_ms: a.duration_ms })),
      next_attempt_at: r.status === "pending" && r.next_attempt_at ? iso(r.next_attempt_at) : null,
      created_at: iso(r.created_at),
      payload: r.payload,
    }));
  }

  /** Writes one delivery of the event per endpoint; answers their ids. */
  async function enqueue(tx: Db, labId: string, endpointIds: string[], type: string, data: Record<string, unknown>) {
    if (!endpointIds.length) return [];
    const at = now();
    const body: WebhookPayload = { type: type as WebhookPayload["type"], timestamp: at.toISOString(), data };
    const payload = JSON.stringify(body);
    const eventId = newEventId();
    const rows = endpointIds.map((endpointId) => ({
      id: randomUUID(),
      endpoint_id: endpointId,
      lab_id: labId,
      event_id: eventId,
      type,
      payload,
      next_attempt_at: at,
      created_at: at,
    }));
    await insertDeliveries(tx, rows);
    return rows.map((r) => r.id);
  }

  /** The lab hears that Latent turned an endpoint off, in its account's language. */
  async function mailDisabled(endpoint: EndpointRow) {
    const [lab, account] = await Promise.all([labs.mine(endpoint.lab_id), users.get(endpoint.lab_id).catch(() => undefined)]);
    const to = lab.contact_email ?? account?.email ?? null;
    if (!to) return;
    const t = translator(account?.locale ?? DEFAULT_LOCALE, "labs");
    const vars = { url: endpoint.url, days: WEBHOOK_DISABLE_AFTER_DAYS, link: `${publicUrl}${paths.user.labWebhooks}` };
    await mailer.send({ to, subject: t("webhooks.disabled.subject", vars), text: t("webhooks.disabled.text", vars) });
  }

  /** One attempt of a claimed delivery at `at`, logged; then delivered, due again later, or failed for good. */
  async function attempt(delivery: DeliveryRow, at: Date) {
    const endpoint = await findEndpointById(db, delivery.endpoint_id);
    if (!endpoint?.enabled) {
      if (endpoint) await releaseDelivery(db, delivery.id, at);
      return;
    }
    const started = performance.now();
    let result: { statusCode: number | null; error: string | null };
    try {
      const target = await checkWebhookTarget(endpoint.url, allowLoopback, resolve);
      const secret = box.open(endpoint.secret_sealed, sealContext(endpoint.id));
      result = await sendWebhook(target, {
        id: delivery.event_id,
        timestampSeconds: Math.floor(at.getTime() / 1000),
        body: delivery.payload,
        secret,
      });
    } catch (err) {
      // A refused address (its DNS now points inward) is a failed attempt like a refused connection.
      result = { statusCode: null, error: err instanceof AppError ? err.message : "could not send" };
    }
    const ok = result.error === null;
    const count = delivery.attempt_count + 1;
    const exhausted = !ok && count > WEBHOOK_RETRY_SECONDS.length;
    const status = ok ? "delivered" : exhausted ? "failed" : "pending";
    const next = status === "pending" ? new Date(at.getTime() + WEBHOOK_RETRY_SECONDS[count - 1]! * 1000) : null;
    try {
      await recordAttempt(
        db,
        {
          id: randomUUID(),
          delivery_id: delivery.id,
          at,
          status_code: result.statusCode,
          error: result.error,
          duration_ms: Math.round(performance.now() - started),
        },
        { status, attempt_count: count, next_attempt_at: next },
      );
    } catch (err) {
      // The endpoint was deleted while it was called: its delivery went with it, and there is nothing left to log.
      if (isForeignKeyViolation(err)) return;
      throw err;
    }
    const outcome = await recordEndpointOutcome(db, endpoint.id, ok, at);
    if (!exhausted || !outcome?.failing_since) return;
    // Every attempt since failing_since failed: past the limit, the endpoint stops costing retries.
    if (at.getTime() - new Date(outcome.failing_since).getTime() < WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) return;
    if (!(await disableFailing(db, endpoint.id))) return;
    log.warn({ endpoint: endpoint.id, lab: endpoint.lab_id }, "webhook endpoint disabled after failing deliveries");
    await mailDisabled(endpoint).catch((err) => log.warn({ err, endpoint: endpoint.id }, "webhook notice not mailed"));
  }

  /** Claims and tries what is due at `at`, round after round until nothing is; `ids`: only these deliveries. */
  async function sweep(at: Date, ids?: readonly string[]) {
    let tried = 0;
    for (;;) {
      const lease = new Date(at.getTime() + WEBHOOK_TIMEOUT_MS + 60_000);
      const claimed = await claimDue(db, at, lease, CLAIM_BATCH, ids);
      if (!claimed.length) return tried;
      await Promise.all(claimed.map((d) => attempt(d, at)));
      tried += claimed.length;
    }
  }

  /**
   * Writes deliveries the lab asked for on one of its endpoints (a resend, a test event), tries them at once and
   * answers the first; 404 when the endpoint was deleted meanwhile (the rows cannot go in, or went with it).
   */
  async function deliverNow(labId: string, endpointId: string, write: () => Promise<string[]>): Promise<WebhookDelivery> {
    let deliveryId: string;
    try {
      [deliveryId] = (await write()) as [string];
    } catch (err) {
      throw isForeignKeyViolation(err) ? new AppError("webhook-endpoint-not-found") : err;
    }
    await sweep(now(), [deliveryId]);
    const row = await findDelivery(db, labId, endpointId, deliveryId);
    if (!row) throw new AppError("webhook-endpoint-not-found");
    return (await toDeliveries(labId, [row]))[0]!;
  }

  /** Starts a sweep without waiting for it (after a commit: the request answers at once). */
  function kick(ids: readonly string[]) {
    const work = sweep(now(), ids)
      .catch((err) => log.warn({ err }, "webhook deliveries not tried at once; the sweep will"))
      .finally(() => running.delete(work));
    running.add(work);
  }

  /** Writes `type` for the lab's endpoints subscribed to it, in `tx`; tries them once it committed. */
  async function emit(tx: Db, labId: string, type: WebhookEventType, data: Record<string, unknown>, afterCommit: AfterCommit) {
    const endpoints = await subscribed(tx, labId, type);
    const ids = await enqueue(tx, labId, endpoints, type, data);
    if (ids.length) afterCommit(() => kick(ids));
  }

  async function subscribed(tx: Db, labId: string, type: WebhookEventType) {
    return (await subscribedEndpoints(tx, labId, type)).map((e) => e.id);
  }

  return {
    /** GET lab/webhooks: the lab's endpoints with their newest delivery's outcome. */
    async list(labId: string): Promise<WebhookEndpoint[]> {
      const rows = await listEndpoints(db, labId);
      const last = new Map(
        (
          await lastDeliveries(
            db,
            labId,
            rows.map((r) => r.id),
          )
        ).map((d) => [d.endpoint_id, d]),
      );
      return rows.map((r) => toEndpoint(r, last.get(r.id)));
    },

    /** POST lab/webhooks: a new endpoint (its address checked) and its secret, shown in this answer only. */
    async create(labId: string, body: NewWebhookEndpoint): Promise<NewWebhookEndpointResult> {
      const target = await checkWebhookTarget(body.url, allowLoopback, resolve);
      const id = randomUUID();
      const secret = newWebhookSecret();
      const row = await insertEndpointIfRoom(
        db,
        {
          id,
          lab_id: labId,
          url: target.url.toString(),
          description: body.description,
          events: body.events,
          secret_sealed: box.seal(secret, sealContext(id)),
        },
        MAX_WEBHOOK_ENDPOINTS,
      );
      if (!row) throw new AppError("webhook-endpoints-limit");
      return { ...toEndpoint(row), secret };
    },

    /** PUT lab/webhooks/{id}: address (checked again), note, events, on or off (on again forgets past failures). */
    async update(labId: string, id: string, body: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
      await own(labId, id);
      const url = body.url === undefined ? undefined : (await checkWebhookTarget(body.url, allowLoopback, resolve)).url.toString();
      const row = await updateEndpoint(db, labId, id, {
        ...(url !== undefined ? { url } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
        ...(body.enabled === true ? { enabled: true, disabled_reason: null, failing_since: null } : {}),
        ...(body.enabled === false ? { enabled: false, disabled_reason: "lab" as const } : {}),
      });
      if (!row) throw new AppError("webhook-endpoint-not-found");
      return view(labId, row);
    },

    /** DELETE lab/webhooks/{id}: with its deliveries; nothing pending is sent after. */
    async remove(labId: string, id: string) {
      if (!isUuid(id) || !(await deleteEndpoint(db, labId, id))) throw new AppError("webhook-endpoint-not-found");
    },

    /** POST lab/webhooks/{id}/secret: a new secret, shown once; the old one signs nothing more, retries included. */
    async rotateSecret(labId: string, id: string): Promise<WebhookSecret> {
      await own(labId, id);
      const secret = newWebhookSecret();
      // Deleted meanwhile: a secret that signs nothing is not shown as if it did.
      if (!(await updateEndpoint(db, labId, id, { secret_sealed: box.seal(secret, sealContext(id)) })))
        throw new AppError("webhook-endpoint-not-found");
      return { secret };
    },

    /** GET lab/webhooks/{id}/deliveries: newest first, each with its attempts; `before` is the last page's `next`. */
    async deliveries(labId: string, id: string, query: ListWebhookDeliveriesQuery): Promise<WebhookDeliveriesPage> {
      await own(labId, id);
      const before = query.before ? decodeCursor(query.before) : null;
      const rows = await listDeliveries(db, labId, id, query.limit + 1, before);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        deliveries: await toDeliveries(labId, page),
        next: rows.length > query.limit && last ? encodeCursor(new Date(last.created_at), last.id) : null,
      };
    },

    /**
     * POST lab/webhooks/{id}/deliveries/{deliveryId}/resend: the same event (same `webhook-id` and body) delivered
     * again as a new delivery with its own attempts, tried at once.
     */
    async resend(labId: string, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const endpoint = await own(labId, id);
      const original = isUuid(deliveryId) ? await findDelivery(db, labId, id, deliveryId) : undefined;
      if (!original) throw new AppError("webhook-delivery-not-found");
      if (!endpoint.enabled) throw new AppError("webhook-endpoint-disabled");
      return deliverNow(labId, id, async () => {
        const at = now();
        const copyId = randomUUID();
        await insertDeliveries(db, [
          {
            id: copyId,
            endpoint_id: id,
            lab_id: labId,
            event_id: original.event_id,
            type: original.type,
            payload: original.payload,
            next_attempt_at: at,
            created_at: at,
          },
        ]);
        return [copyId];
      });
    },

    /** POST lab/webhooks/{id}/test: a `webhook.test` event to this endpoint only; answers after its first attempt. */
    async sendTest(labId: string, id: string): Promise<WebhookDelivery> {
      const endpoint = await own(labId, id);
      if (!endpoint.enabled) throw new AppError("webhook-endpoint-disabled");
      return deliverNow(labId, id, () =>
        enqueue(db, labId, [id], WEBHOOK_TEST_EVENT, {
          endpoint_id: id,
          message: "A test event from Latent: your endpoint receives and verifies webhooks.",
        }),
      );
    },

    /**
     * An order of the lab changed (created, shared, sent, collected): its event, written in the change's `tx`.
     * `customer_email` is null while the order waits for its customer (a hot folder's order).
     */
    async orderChanged(
      tx: Db,
      change: "created" | "shared" | "sent" | "collected",
      order: { id: string; lab_id: string; reference: string; status: string; user_email: string | null },
      afterCommit: AfterCommit,
    ) {
      await emit(
        tx,
        order.lab_id,
        `order.${change}`,
        { order: { id: order.id, reference: order.reference, status: order.status, customer_email: order.user_email } },
        afterCommit,
      );
    },

    /**
     * A roll in one of the lab's orders (or sent to it) took a step, written in the step's `tx`: `roll.status_changed`,
     * and `scans.ready` when a roll of an order is scanned.
     */
    async rollStepped(
      tx: Db,
      labId: string,
      roll: { id: string; name: string; status: string; previous_status: string | null },
      order: { id: string; reference: string } | null,
      afterCommit: AfterCommit,
    ) {
      const data = { roll, order };
      await emit(tx, labId, "roll.status_changed", data, afterCommit);
      if (roll.status === "scanned" && order) await emit(tx, labId, "scans.ready", data, afterCommit);
    },

    /** Tries every delivery due at `at` (the sweep job every minute; tests pass a later clock). Answers how many. */
    deliverDue: (at: Date = now()) => sweep(at),

    /** Waits for the attempts started right after commits in this process. */
    async drain() {
      while (running.size) await Promise.all([...running]);
    },

    /** Deletes every endpoint of a lab and their deliveries (the account is being deleted). */
    removeAllOfLab: (labId: string) => deleteEndpointsOfLab(db, labId),
  };
}

function encodeCursor(at: Date, id: string) {
  return Buffer.from(`${at.toISOString()}|${id}`).toString("base64url");
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // Only the form encodeCursor writes (a four-digit year): an instant PostgreSQL cannot hold would fail the query.
  const date = at && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(at) ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime()) || !id || !isUuid(id))
    throw new AppError("bad-request", "This page cursor is not one Latent gave");
  return { at: date, id };
}

export type LabWebhooksService = ReturnType<typeof createLabWebhooksService>;
