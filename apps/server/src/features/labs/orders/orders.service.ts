import { randomUUID } from "node:crypto";
import {
  type FilmDetail,
  type LinkSettings,
  type NewFilm,
  ownerFeedId,
  type PublicLink,
  type ShareSettings,
  type ZipData,
} from "@latent/domain/films";
import { fillTemplate } from "@latent/domain/labs";
import {
  type Client,
  type ListOrdersQuery,
  MAX_ROLLS_PER_ORDER,
  type NewOrder,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderShare,
  type OrderSource,
  type PublicOrder,
  type UpdateOrder,
} from "@latent/domain/orders";
import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import { z } from "zod";
import { newSecretToken } from "../../../platform/crypto/secret-token.ts";
import { isUniqueViolation } from "../../../platform/db/db-errors.ts";
import type { Db } from "../../../platform/db/db-handle.ts";
import type { Database, OrdersTable } from "../../../platform/db/schema.ts";
import { type AfterCommit, transaction } from "../../../platform/db/transaction.ts";
import { createHook } from "../../../platform/hooks/hook.ts";
import { AppError } from "../../../platform/http/app-error.ts";
import { cursorId, cursorInstant, decodeCursor, encodeCursor } from "../../../platform/http/keyset-cursor.ts";
import { resolveLinkCode } from "../../../platform/http/link-codes.ts";
import { hashLinkPassword, isNeverExpiring, type LinkLocks, linkExpiry } from "../../../platform/http/link-controls.ts";
import type { GrantCapability, LinkGrants } from "../../../platform/http/link-grants.ts";
import type { Mailer } from "../../../platform/mail/mailer.ts";
import type { EventBus } from "../../../platform/realtime/event-bus.ts";
import type { DownloadsService } from "../../downloads/downloads.service.ts";
import type { FilmsService } from "../../films/films.service.ts";
import type { Accounts } from "../../identity/accounts.ts";
import type { UsersService } from "../../users/users.service.ts";
import type { LabProfileService } from "../profile/profile.service.ts";
import {
  countOrdersByStatus,
  deleteOrderRow,
  findImported,
  findOrder,
  findOrderById,
  findOrderByShareHash,
  insertOrder,
  insertOrders,
  isDeletedStoreOrder,
  isOrderShareActive,
  listLabCustomers,
  listOrders,
  markClaimed,
  recordCollection,
  updateOrderRow,
} from "./orders.store.ts";

/** The orders list's one order, newest first: a cursor holds the last order's creation instant and id. */
const PAGE_CURSORS = { newest: z.tuple([z.literal("newest"), cursorInstant, cursorId]) };

/** The kind of grant an order's link hands its media and zip links out under. */
export const ORDER_GRANT = "order";

export interface OrdersDeps {
  db: Kysely<Database>;
  films: Pick<FilmsService, "createInOrder" | "ofOrder" | "ofOrders" | "orderRows" | "transferToCustomer" | "remove" | "load">;
  labs: Pick<LabProfileService, "mailParts">;
  users: Pick<UsersService, "idsByEmail" | "get">;
  downloads: Pick<DownloadsService, "manifest">;
  grants: Pick<LinkGrants, "name">;
  /** The embedded provider's accounts, whose email is the current one; null when an external provider signs in. */
  accounts: Pick<Accounts, "findById"> | null;
  mailer: Mailer;
  bus: Pick<EventBus, "publish">;
  /** The password and unlock rules every public link follows (issue 31). */
  locks: LinkLocks;
  publicUrl: string;
  now?: () => Date;
}

type OrderRow = Selectable<OrdersTable>;

/**
 * A lab's orders (spec §3 Order, §4 created → shared → sent): the customer as the lab knows them, the rolls the lab
 * scans into them, one current link (its code stored hashed; a new share replaces it), the email that sends it, and
 * the customer adding the rolls to their own account. Every query is scoped to the lab; the public routes to the
 * link's code.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db, films, labs, users, downloads, grants, accounts, mailer, bus, locks, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  /**
   * Runs once an order reaches its customer (the lab sent it, or the customer added its rolls), with the rolls it
   * held then: the roll-life feature marks them delivered.
   */
  const delivered = createHook<{ labId: string; orderId: string; filmIds: string[] }>();
  /** Runs when an order's link is opened, with its rolls as shown: the roll-life feature adds each one's timeline. */
  const opening = createHook<{ labId: string; orderId: string; films: PublicOrder["films"] }>();
  /**
   * Runs inside the transaction of an order's change (made, however; shared; sent; collected), so what a listener
   * writes commits with the change or not at all (the lab webhooks' outbox); `afterCommit` takes work for after.
   */
  const changing = createHook<{ tx: Db; change: "created" | "shared" | "sent" | "collected"; order: OrderRow; afterCommit: AfterCommit }>();
  /** Counts each order's open "ask the lab" requests; the guest-answers feature, which keeps them, sets it (issue 31). */
  let countOpenRequests: (labId: string, orderIds: readonly string[]) => Promise<Map<string, number>> = async () => new Map();

  /** The current link's controls as the lab sees them; null before the order is shared. */
  const linkOf = (row: OrderRow): LinkSettings | null =>
    row.share_id && row.share_expires_at
      ? {
          has_password: row.share_password_hash !== null,
          downloads: row.share_downloads,
          guest_answers: row.share_guest_answers,
          never_expires: isNeverExpiring(new Date(row.share_expires_at)),
          expires_at: new Date(row.share_expires_at).toISOString(),
        }
      : null;
  /** Whether the lab's plan lets its links last longer than the free plan's 30 days. */
  const paid = async (labId: string) => (await users.get(labId)).plan !== "free";

  /** A new order's row: typed by the lab, imported from its store, or made for a customer's roll received. */
  const newOrderRow = (
    labId: string,
    body: NewOrder,
    source: OrderSource,
    externalId: string | null,
    customerId: string | null,
  ): Insertable<OrdersTable> => ({
    id: randomUUID(),
    lab_id: labId,
    reference: body.reference,
    user_name: body.user_name ?? "",
    // None yet: the order waits for its customer until the lab fills the email in.
    user_email: body.user_email?.toLowerCase() ?? null,
    // Stryker disable next-line StringLiteral: the phone is never missing: the route's schema defaults it to "", imports always set it.
    user_phone: body.user_phone ?? "",
    user_id: customerId,
    source,
    external_id: externalId,
  });

  /**
   * Tells whoever follows the lab's orders about orders just made (committed): every new order, however made (one,
   * or a CSV import's many), passes here.
   */
  const announceNew = async (rows: readonly OrderRow[]) => {
    for (const row of rows) changed(row.lab_id, row.id, row.status);
  };

  /** Tells the lab's open order screens that an order changed (null status: it is gone). */
  // A declaration, not an arrow: built when the server starts, an arrow's mutants could not be switched per test.
  function changed(labId: string, orderId: string, status: OrderRow["status"] | null) {
    return bus.publish(ownerFeedId(labId), { type: "order", order_id: orderId, status });
  }

  /** The photographer with this email, if one has an account (labs are never anyone's customer). */
  async function customerOf(email: string): Promise<string | null> {
    for (const id of await users.idsByEmail(email)) {
      if ((await users.get(id)).role === "user") return id;
    }
    return null;
  }

  /**
   * `rolls`: the order's rolls when the caller read them with other orders' (the list), else they are read here; so
   * is `openRequests`.
   */
  async function toOrder(row: OrderRow, rolls?: Awaited<ReturnType<typeof films.ofOrder>>, openRequests?: number): Promise<Order> {
    return {
      id: row.id,
      lab_id: row.lab_id,
      reference: row.reference,
      user_name: row.user_name,
      user_email: row.user_email,
      user_phone: row.user_phone,
      user_id: row.user_id,
      rolls_expected: row.rolls_expected,
      status: row.status,
      source: row.source,
      films: rolls ?? (await films.ofOrder(row.lab_id, row.id)),
      share_expires_at: row.share_expires_at ? new Date(row.share_expires_at).toISOString() : null,
      link: linkOf(row),
      open_requests: openRequests ?? (await countOpenRequests(row.lab_id, [row.id])).get(row.id) ?? 0,
      sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
      claimed_at: row.claimed_at ? new Date(row.claimed_at).toISOString() : null,
      collected: row.claimed_at
        ? {
            by: row.user_name,
            at: new Date(row.claimed_at).toISOString(),
            rolls: row.collected_rolls,
            scans: row.collected_scans,
            bytes: row.collected_bytes === null ? null : Number(row.collected_bytes),
          }
        : null,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  /**
   * The caller's email now. An access token keeps the address it was issued with for its whole life, so the
   * embedded account's is read; an external provider's token is that provider's word, and the only one there is.
   */
  async function currentEmail(userId: string, tokenEmail: string | null) {
    const account = accounts ? await accounts.findById(userId) : undefined;
    return account ? account.email : tokenEmail;
  }

  async function own(labId: string, id: string) {
    const row = await findOrder(db, labId, id);
    if (!row) throw new AppError("order-not-found");
    return row;
  }

  /**
   * A fresh link for the order; its code is shown once. The link's new id is the grant of everything it hands out,
   * so the previous code stops at once with every media and zip link it handed out.
   */
  async function newLink(row: OrderRow, minutes: number, status: OrderRow["status"], settings: ShareSettings, sentAt?: Date) {
    const expiresAt = linkExpiry(settings, minutes, now().getTime(), await paid(row.lab_id))!;
    const { token: code, hash } = newSecretToken();
    let updated: OrderRow | undefined;
    await transaction(db, async (tx, afterCommit) => {
      updated = await updateOrderRow(tx, row.lab_id, row.id, {
        share_code_hash: hash,
        share_id: randomUUID(),
        share_expires_at: expiresAt,
        status,
        // What the body leaves out stays as the order's link had it (the password too).
        ...(await linkControls(settings)),
        ...(sentAt ? { sent_at: sentAt } : {}),
      });
      if (updated) await changing.run({ tx, change: sentAt ? "sent" : "shared", order: updated, afterCommit });
    });
    changed(row.lab_id, row.id, status);
    const link = linkOf(updated ?? row)!;
    return {
      code,
      url: `${publicUrl}/order?code=${encodeURIComponent(code)}`,
      ...link,
      expires_at: expiresAt.toISOString(),
    } satisfies OrderShare;
  }

  /** The columns a link's settings change: a new or removed password moves its generation on (earlier unlocks end). */
  async function linkControls(settings: ShareSettings) {
    return {
      ...(settings.password === undefined
        ? {}
        : { share_password_hash: settings.password ? await hashLinkPassword(settings.password) : null }),
      ...(settings.downloads === undefined ? {} : { share_downloads: settings.downloads }),
      ...(settings.guest_answers === undefined ? {} : { share_guest_answers: settings.guest_answers }),
    };
  }

  /** The order a link's code opens, and until when; unknown codes 401 `unauthorized`, old ones `share-expired`. */
  async function resolve(code: string | null) {
    const { row, id, expiresAt, scope } = await resolveLinkCode(code, {
      find: (codeHash) => findOrderByShareHash(db, codeHash),
      read: (order) => ({ id: order.share_id, expiresAt: order.share_expires_at ? new Date(order.share_expires_at) : null }),
      grant: (id) => grants.name(ORDER_GRANT, id),
      nowMs: () => now().getTime(),
    });
    const lock = { id, passwordHash: row.share_password_hash, passwordGeneration: row.share_password_generation, expiresAt };
    const link: PublicLink = {
      has_password: row.share_password_hash !== null,
      downloads: row.share_downloads,
      guest_answers: row.share_guest_answers,
    };
    return { row, scope, lock, link, linkId: id, expiresAt };
  }

  /** What a visitor's call opens: the link as `resolve` finds it, once the browser unlocked a password link. */
  async function resolveUnlocked(code: string | null, cookies: Record<string, string>) {
    const found = await resolve(code);
    locks.assertUnlocked(found.lock, cookies);
    return found;
  }

  return {
    delivered,
    opening,
    changing,
    /** Tells the lab's open order screens that one of its orders changed (a roll of it took a step). */
    changed,

    /** The lab's orders counted by status (the lab's own view). */
    async counts(labId: string) {
      const by = await countOrdersByStatus(db, labId);
      const created = by.get("created") ?? 0;
      const shared = by.get("shared") ?? 0;
      const sent = by.get("sent") ?? 0;
      const collected = by.get("collected") ?? 0;
      return { created, shared, sent, collected, total: created + shared + sent + collected };
    },

    /** The guest-answers feature tells how many open requests each order has (the count badge of the list). */
    countOpenRequestsWith(count: typeof countOpenRequests) {
      countOpenRequests = count;
    },

    /** One page of the lab's orders, newest first, and the cursor of the next page (null on the last). */
    async list(labId: string, query: ListOrdersQuery): Promise<{ orders: Order[]; next: string | null }> {
      const limit = query.limit ?? ORDERS_PAGE_SIZE;
      const after = query.after === undefined ? undefined : decodeCursor(PAGE_CURSORS, "newest", query.after, "list");
      const found = await listOrders(db, labId, {
        status: query.status,
        search: query.search,
        limit,
        after: after && [after[1], after[2]],
      });
      const rows = found.slice(0, limit);
      const last = rows.at(-1);
      // Every listed order's rolls and their shots in two queries, not two per order and one per roll.
      const rolls = await films.ofOrders(
        labId,
        rows.map((row) => row.id),
      );
      const open = await countOpenRequests(
        labId,
        rows.map((row) => row.id),
      );
      return {
        orders: await Promise.all(rows.map((row) => toOrder(row, rolls.get(row.id) ?? [], open.get(row.id) ?? 0))),
        next: found.length > limit && last ? encodeCursor(["newest", last.page_at, last.id]) : null,
      };
    },

    async get(labId: string, id: string): Promise<Order> {
      return toOrder(await own(labId, id));
    },

    /**
     * POST orders/. The order names its customer's account only once they add its rolls (the claim): filled in from
     * the email, it told any lab the id of whoever has an account at that address.
     */
    async create(
      labId: string,
      body: NewOrder,
      source: OrderSource = "manual",
      externalId: string | null = null,
      /** The customer's account, known only when the lab received their own roll by its sticker (roll-life). */
      customerId: string | null = null,
    ): Promise<Order> {
      const row = await transaction(db, async (tx, afterCommit) => {
        const made = await insertOrder(tx, newOrderRow(labId, body, source, externalId, customerId));
        await changing.run({ tx, change: "created", order: made, afterCommit });
        return made;
      });
      await announceNew([row]);
      return toOrder(row);
    },

    /**
     * Orders the lab typed in bulk (its CSV import, each with the rolls it announced), all in one transaction: every
     * one or none. `choose` answers them, reading in that transaction while the lab's other bulk creations wait (two
     * imports of one lab take turns), so what it read still holds when the rows go in. Announced as any new order.
     */
    async createMany(labId: string, choose: (tx: Db) => Promise<(NewOrder & { rolls_expected: number | null })[]>): Promise<Order[]> {
      const rows = await transaction(db, async (tx, afterCommit) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`orders.createMany:${labId}`}))`.execute(tx);
        const bodies = await choose(tx);
        const made = await insertOrders(
          tx,
          bodies.map((body) => ({ ...newOrderRow(labId, body, "manual", null, null), rolls_expected: body.rolls_expected })),
        );
        for (const order of made) await changing.run({ tx, change: "created", order, afterCommit });
        return made;
      });
      await announceNew(rows);
      return Promise.all(rows.map((row) => toOrder(row, [], 0)));
    },

    /**
     * An order from the lab's online store, made once however often the store sends it, and never again once the lab
     * deleted it (a replayed webhook, a later import): then `id` is null.
     */
    async importOrder(
      labId: string,
      body: NewOrder,
      source: Exclude<OrderSource, "manual">,
      externalId: string,
    ): Promise<{ id: string | null; created: boolean }> {
      if (await isDeletedStoreOrder(db, labId, source, externalId)) return { id: null, created: false };
      const known = await findImported(db, labId, source, externalId);
      // Stryker disable next-line ConditionalExpression: without it the unique index refuses the second copy below, with the same answer.
      if (known) return { id: known.id, created: false };
      try {
        return { id: (await this.create(labId, body, source, externalId)).id, created: true };
      } catch (err) {
        // The same store order arriving twice at once: the unique index lets one in.
        if (!isUniqueViolation(err)) throw err;
        const again = await findImported(db, labId, source, externalId);
        if (!again) throw err;
        return { id: again.id, created: false };
      }
    },

    async update(labId: string, id: string, body: UpdateOrder): Promise<Order> {
      await own(labId, id);
      const row = await updateOrderRow(db, labId, id, {
        ...body,
        ...(body.user_email === undefined ? {} : { user_email: body.user_email?.toLowerCase() ?? null }),
      });
      changed(labId, id, row!.status);
      return toOrder(row!);
    },

    /** Deletes the order with its rolls and every stored file; 'Could not delete the order' if that fails. */
    async remove(labId: string, id: string) {
      await own(labId, id);
      try {
        for (const film of await films.orderRows(labId, id)) await films.remove(labId, film.id);
        if (!(await db.transaction().execute((tx) => deleteOrderRow(tx, labId, id)))) throw new AppError("order-not-found");
      } catch (err) {
        if (err instanceof AppError && err.code === "order-not-found") throw err;
        throw new AppError("order-delete-failed");
      }
      changed(labId, id, null);
    },

    /**
     * A roll in the order (at most MAX_ROLLS_PER_ORDER), whose scans the lab uploads like any roll's. Not once the
     * order is collected: it cannot be collected twice, so a roll added then would reach nobody.
     */
    async addFilm(labId: string, id: string, film: NewFilm): Promise<FilmDetail> {
      const row = await own(labId, id);
      if (row.claimed_at) throw new AppError("order-collected");
      if ((await films.orderRows(labId, row.id)).length >= MAX_ROLLS_PER_ORDER) throw new AppError("order-rolls-limit");
      const added = await films.createInOrder(labId, row.id, film);
      changed(labId, row.id, row.status);
      return added;
    },

    /** POST orders/{id}/share: a link for `minutes`; created → shared (a sent or collected order stays so). */
    async share(labId: string, id: string, minutes: number, settings: ShareSettings = {}): Promise<OrderShare> {
      const row = await own(labId, id);
      return newLink(row, minutes, row.status === "created" ? "shared" : row.status, settings);
    },

    /**
     * PUT orders/{id}/link: the current link's password, downloads, guest answers or expiry, its code unchanged.
     * 409 order-not-shared before the first link.
     */
    async updateLink(labId: string, id: string, settings: ShareSettings): Promise<LinkSettings> {
      const row = await own(labId, id);
      if (!row.share_id) throw new AppError("order-not-shared");
      const touchesExpiry = settings.expiry !== undefined || settings.expires_at !== undefined;
      const expiresAt = touchesExpiry ? linkExpiry(settings, null, now().getTime(), await paid(labId)) : null;
      const updated = await updateOrderRow(db, labId, row.id, {
        ...(await linkControls(settings)),
        ...(expiresAt ? { share_expires_at: expiresAt } : {}),
      });
      if (!updated) throw new AppError("order-not-found");
      changed(labId, row.id, updated.status);
      return linkOf(updated)!;
    },

    /**
     * Mails the customer a fresh link with the lab's template (or the default) in the lab's language; status → sent.
     * An order with no finished scan is not sent (409 order-empty): the customer would open an empty page; nor one
     * the customer collected (409 order-collected), nor one still waiting for its customer's email (409
     * order-no-customer-email).
     */
    async send(labId: string, id: string, minutes: number, locale: string, settings: ShareSettings = {}): Promise<OrderShare> {
      const row = await own(labId, id);
      // Its rolls are the customer's already: a mail would offer nothing to add, and "no scans yet" would mislead.
      if (row.claimed_at) throw new AppError("order-collected");
      const to = row.user_email;
      if (!to) throw new AppError("order-no-customer-email");
      const rolls = await films.ofOrder(labId, row.id);
      if (!rolls.some((f) => f.shots.some((s) => s.state === "done"))) throw new AppError("order-empty");
      const link = await newLink(row, minutes, "sent", settings, now());
      const { template, labName, fromName, contactEmail } = await labs.mailParts(labId, locale);
      // A customer's reply reaches the lab: its contact email, else the lab account's own address.
      const replyTo = contactEmail ?? (await currentEmail(labId, null)) ?? (await users.get(labId)).email ?? undefined;
      const values = {
        customer_name: row.user_name,
        order_reference: row.reference,
        link: link.url,
        expires_at: new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(link.expires_at)),
        lab_name: labName,
      };
      await mailer.send({
        to,
        subject: fillTemplate(template.subject, values),
        text: fillTemplate(template.body, values),
        ...(fromName ? { fromName } : {}),
        ...(replyTo ? { replyTo } : {}),
      });
      await delivered.run({ labId, orderId: row.id, filmIds: rolls.map((f) => f.id) });
      return link;
    },

    /**
     * Photographers to pick as an order's customer: this lab's earlier customers as the lab entered them, and for an
     * exact email of anyone else only that an account exists (no id, no name: a lab learns nothing more of a
     * stranger than that the address can collect an order).
     */
    async clients(labId: string, q: string): Promise<Client[]> {
      // Stryker disable next-line MethodExpression: the client search's query schema trims q already.
      const search = q.trim();
      const found: Client[] = [];
      for (const c of await listLabCustomers(db, labId, search)) {
        // Stryker disable next-line ConditionalExpression: the store lists only customers with an account.
        if (c.user_id) found.push({ user_id: c.user_id, name: c.name, email: c.email });
      }
      const email = search.toLowerCase();
      // Stryker disable next-line StringLiteral: a search without "@" matches no account's address exactly: one more query, the same answer.
      if (email.includes("@") && !found.some((c) => c.email.toLowerCase() === email) && (await customerOf(email))) {
        found.unshift({ user_id: null, name: "", email });
      }
      return found;
    },

    /** GET /public/order: what the link opens (the lab, the rolls with links signed under the link's grant). */
    async open(code: string | null, cookies: Record<string, string>): Promise<PublicOrder> {
      const { row, scope, link } = await resolveUnlocked(code, cookies);
      // Stryker disable next-line StringLiteral: only the lab's name is read, which no locale changes.
      const { lab } = await labs.mailParts(row.lab_id, "en-US");
      // Downloads off: previews only, so no original's link is handed out at all (its route refuses it too).
      const shown = (await films.ofOrder(row.lab_id, row.id, scope)).map((film) => ({
        ...film,
        shots: link.downloads ? film.shots : film.shots.map((shot) => ({ ...shot, version: { ...shot.version, url: null } })),
        // Stryker disable next-line ArrayDeclaration: the opening hook (roll-life) fills every roll's timeline.
        timeline: [],
      }));
      await opening.run({ labId: row.lab_id, orderId: row.id, films: shown });
      return {
        reference: row.reference,
        user_name: row.user_name,
        user_email: row.user_email,
        lab: { id: lab.id, name: lab.name, logo_url: lab.logo_url, webpage: lab.webpage, location: lab.location },
        films: shown,
        expires_at: new Date(row.share_expires_at!).toISOString(),
        claimed: row.claimed_at !== null,
        claimed_at: row.claimed_at ? new Date(row.claimed_at).toISOString() : null,
        link,
      };
    },

    /** The Set-Cookie of a browser's unlock of the order's password link (null: it has none); wrong ones are counted. */
    async unlock(code: string | null, password: string, client: string) {
      return locks.unlock((await resolve(code)).lock, password, client);
    },

    /**
     * The order a visitor's code opens, for the guest-answers feature: the lab, the link (its id is the guests' scope)
     * and its controls; refused as every public route refuses it.
     */
    async visitorLink(code: string | null, cookies: Record<string, string>) {
      const { row, link, linkId, expiresAt } = await resolveUnlocked(code, cookies);
      return { orderId: row.id, labId: row.lab_id, linkId, expiresAt, link };
    },

    /** The name of the lab an order belongs to, as its scans' metadata says it; null when the lab has none. */
    async labNameOf(orderId: string): Promise<string | null> {
      const row = await findOrderById(db, orderId);
      if (!row) return null;
      // Stryker disable next-line StringLiteral: only the lab's name is read, which no locale changes.
      const { lab } = await labs.mailParts(row.lab_id, "en-US");
      return lab.name || null;
    },

    /** GET /public/order/download/{filmId}: one of the order's rolls as a zip manifest, under the link's grant. */
    async zip(code: string | null, cookies: Record<string, string>, filmId: string): Promise<ZipData> {
      const { row, scope, link } = await resolveUnlocked(code, cookies);
      if (!link.downloads) throw new AppError("share-downloads-off");
      const film = (await films.orderRows(row.lab_id, row.id)).find((f) => f.id === filmId);
      if (!film) throw new AppError("not-found");
      return downloads.manifest(film, scope);
    },

    /**
     * POST orders/claim: the customer, signed in with the order's email, adds its rolls to their account in one
     * transaction, within their plan; the rolls leave the lab (its copy is gone, its storage freed).
     */
    async claim(userId: string, tokenEmail: string | null, code: string) {
      const { row } = await resolve(code);
      const email = await currentEmail(userId, tokenEmail);
      // An order waiting for its customer is nobody's yet: the lab names them first.
      if (!email || !row.user_email || email.toLowerCase() !== row.user_email.toLowerCase()) throw new AppError("order-not-yours");
      // Stryker disable next-line ConditionalExpression: markClaimed refuses a collected order inside the transaction, with the same error.
      if (row.claimed_at) throw new AppError("order-already-added");
      const rolls = await films.orderRows(row.lab_id, row.id);
      // Stryker disable next-line StringLiteral: only the lab's name is read, which no locale changes.
      const { labName } = await labs.mailParts(row.lab_id, "en-US");
      const moved = await transaction(db, async (tx, afterCommit) => {
        if (!(await markClaimed(tx, row.id, userId, now()))) throw new AppError("order-already-added");
        await changing.run({ tx, change: "collected", order: { ...row, status: "collected" }, afterCommit });
        const done = await films.transferToCustomer(
          tx,
          row.lab_id,
          rolls.map((f) => f.id),
          userId,
          labName,
        );
        await recordCollection(tx, row.id, done);
        return done;
      });
      changed(row.lab_id, row.id, "collected");
      // A lab's copy of the customer's own roll joined that roll: the customer's roll is the one to open.
      const kept = rolls.map((f) => ({ id: moved.joined[f.id] ?? f.id, name: f.name }));
      await delivered.run({ labId: row.lab_id, orderId: row.id, filmIds: kept.map((f) => f.id) });
      return { films: kept };
    },

    /** Whether links handed out under an order's link still hold: the link is the current one, open, and unclaimed. */
    isShareActive: (shareId: string, need?: GrantCapability) => isOrderShareActive(db, shareId, now(), need === "download"),
    findById(id: string) {
      return findOrderById(db, id);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
