import { paths } from "@latent/domain/app-paths";
import type { PublicFilm } from "@latent/domain/films";
import { ownerFeedId } from "@latent/domain/films";
import { DEFAULT_LOCALE } from "@latent/domain/locales";
import type { PublicOrder } from "@latent/domain/orders";
import {
  canStep,
  HOLD_REMINDER_DAYS,
  type LabReceived,
  type LabStickerLookup,
  labNextStep,
  MAX_STORAGE_SUGGESTIONS,
  nextSteps,
  type RollActor,
  type RollEvent,
  type RollLifeSettings,
  type RollStatus,
  type RollStep,
  type RollTimeline,
  stepRefusal,
} from "@latent/domain/roll-life";
import type { User } from "@latent/domain/user";
import type { Kysely } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database } from "../../platform/db/schema.ts";
import { type AfterCommit, transaction } from "../../platform/db/transaction.ts";
import { createHook } from "../../platform/hooks/hook.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { translator } from "../../platform/i18n/translator.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { FilmRow, FilmsService } from "../films/films.service.ts";
import type { Accounts } from "../identity/accounts.ts";
import type { OrdersService } from "../labs/orders/orders.service.ts";
import type { LabProfileService } from "../labs/profile/profile.service.ts";
import type { ShotsService } from "../shots/shots.service.ts";
import type { StickersService } from "../stickers/stickers.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { type EventRow, findHoldingLab, insertEvent, listEvents, recordReminder } from "./roll-life.store.ts";

export interface RollLifeDeps {
  db: Kysely<Database>;
  films: Pick<FilmsService, "life">;
  shots: Pick<ShotsService, "listForFilm">;
  users: Pick<UsersService, "get">;
  labs: Pick<LabProfileService, "get" | "mine">;
  mailer: Mailer;
  bus: Pick<EventBus, "publish">;
  orders: Pick<OrdersService, "create" | "remove" | "changed" | "findById">;
  stickers: Pick<StickersService, "find">;
  /** The embedded provider's accounts (a person's current email); null with an external provider. */
  accounts: Pick<Accounts, "findById"> | null;
  publicUrl: string;
  now?: () => Date;
}

type RollRow = NonNullable<Awaited<ReturnType<FilmsService["life"]["find"]>>>;

/** Steps the photographer hears of by mail (a hold's end has its own reminders). */
const MAILED: ReadonlySet<RollStatus> = new Set(["received", "scanned", "delivered", "returned"]);
const DAY_MS = 86_400_000;

/** Who takes a step, and the fields it carries. */
interface Taker {
  actor: RollActor;
  /** The person (owner) or lab account taking it; null for Latent's own steps. */
  userId: string | null;
  labId: string | null;
}

type Person = Pick<User, "user_id" | "role" | "email" | "name" | "first_name" | "last_name" | "locale" | "roll_mail">;
const personName = (p: Pick<Person, "name" | "first_name" | "last_name">) =>
  p.name.trim() || [p.first_name, p.last_name].filter(Boolean).join(" ").trim() || null;
const rollName = (row: Pick<RollRow, "name" | "brand" | "model">) => row.name || `${row.brand} ${row.model}`;

/**
 * A roll's life (issue 29): its status and append-only history, who may take which step (the rules are the domain's
 * `canStep`), the owner's settings (timeline on the shared roll, where the negatives are), a lab receiving a
 * customer's roll by its sticker, Latent's own steps (scanned, delivered), the mails and the hold reminders.
 */
export function createRollLifeService(deps: RollLifeDeps) {
  const { db, films, shots, users, labs, mailer, bus, orders, stickers, accounts, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const today = (at = now()) => at.toISOString().slice(0, 10);

  /** An account as the mails and names need it; undefined once it is gone. */
  const findPerson = (userId: string): Promise<Person | undefined> => users.get(userId).catch(() => undefined);
  /** A lab's name, where its mail goes (its contact email, else its account's) and its account's language. */
  async function findLabContact(labId: string) {
    const [lab, account] = await Promise.all([labs.mine(labId), findPerson(labId)]);
    return { name: lab.name, to: lab.contact_email ?? account?.email ?? null, locale: account?.locale ?? null };
  }
  /** Whether a lab with a profile has this id (the lab a roll is sent to). */
  const labExists = (labId: string) =>
    labs.get(labId).then(
      () => true,
      () => false,
    );
  /** How many of a roll's shots are still on their way (uploading, or waiting to be processed). */
  const countUnfinishedShots = async (filmId: string) =>
    (await shots.listForFilm(filmId)).filter((shot) => shot.state === "uploading" || shot.state === "pending").length;

  /** A photographer's own roll (not a lab's order roll, which its lab moves through its life). */
  async function findOwnRoll(userId: string, id: string) {
    const row = await films.life.find(id);
    return row && row.user_id === userId && row.order_id === null ? row : undefined;
  }

  /**
   * Whether a roll is one of the lab's orders': the lab's own roll in its order, a customer's roll received into its
   * order, or a roll the customer added from its order (theirs now, its negatives maybe still at the lab).
   */
  async function isLabs(row: RollRow, labId: string) {
    if (row.order_id) return row.user_id === labId && (await orders.findById(row.order_id))?.lab_id === labId;
    if (row.lab_order_id) return (await orders.findById(row.lab_order_id))?.lab_id === labId;
    return row.from_lab_id === labId;
  }
  async function findLabRoll(labId: string, id: string) {
    const row = await films.life.find(id);
    return row && (await isLabs(row, labId)) ? row : undefined;
  }
  /**
   * The roll whose timeline is the truth: a lab's copy of a customer's roll (received by its sticker) lives the
   * customer's roll's life, so the lab's steps and screens go to that one; any other roll is its own.
   */
  async function truthOf(row: RollRow): Promise<RollRow> {
    return (row.customer_film_id ? await films.life.find(row.customer_film_id) : undefined) ?? row;
  }

  /** Rolls' histories as the API shows them, oldest step first, each with who took it. */
  async function eventsOf(filmIds: readonly string[]) {
    const rows = await listEvents(db, filmIds);
    // Each person's and lab's name once, however many steps they took.
    const people = new Map<string, Promise<string | null>>();
    const labNames = new Map<string, Promise<string | null>>();
    const personOf = (id: string) => {
      if (!people.has(id))
        people.set(
          id,
          findPerson(id).then((p) => (p ? personName(p) : null)),
        );
      return people.get(id)!;
    };
    const labOf = (id: string) => {
      if (!labNames.has(id))
        labNames.set(
          id,
          labs.mine(id).then(
            (l) => l.name || null,
            () => null,
          ),
        );
      return labNames.get(id)!;
    };
    const toEvent = async (e: EventRow): Promise<RollEvent> => {
      const labName = e.lab_id ? await labOf(e.lab_id) : null;
      return {
        id: e.id,
        status: e.status as RollStatus,
        actor: e.actor,
        by: e.actor === "system" ? null : e.actor === "lab" ? labName : e.actor_user_id ? await personOf(e.actor_user_id) : null,
        lab_id: e.lab_id,
        lab_name: labName,
        camera: e.camera,
        tracking: e.tracking,
        held_until: e.held_until,
        note: e.note,
        at: new Date(e.created_at).toISOString(),
      };
    };
    const byFilm = new Map<string, RollEvent[]>();
    for (const e of rows) {
      const list = byFilm.get(e.film_id) ?? [];
      list.push(await toEvent(e));
      byFilm.set(e.film_id, list);
    }
    return byFilm;
  }

  async function timelineOf(row: RollRow, viewer: "owner" | "lab"): Promise<RollTimeline> {
    const status = row.status as RollStatus | null;
    return {
      status,
      events: (await eventsOf([row.id])).get(row.id) ?? [],
      next: [...nextSteps(status, viewer)],
      shared: row.timeline_shared,
      storage_location: row.storage_location,
      held_until: row.held_until,
      return_requested_at: row.return_requested_at ? new Date(row.return_requested_at).toISOString() : null,
    };
  }

  async function emailOf(person: Pick<Person, "user_id" | "email">) {
    const account = accounts ? await accounts.findById(person.user_id) : undefined;
    return account ? account.email : person.email;
  }

  /** The lab and order whose screens follow a roll: its own order's lab, the order it was received into, or the lab it came from. */
  async function labSideOf(row: RollRow): Promise<{ labId: string; orderId: string | null } | null> {
    if (row.order_id) return { labId: row.user_id, orderId: row.order_id };
    if (row.lab_order_id) {
      const order = await orders.findById(row.lab_order_id);
      if (order) return { labId: order.lab_id, orderId: order.id };
    }
    return row.from_lab_id ? { labId: row.from_lab_id, orderId: null } : null;
  }

  /**
   * Runs inside the transaction of a step of a roll a lab follows (one of its orders', or sent to it), with that lab,
   * the roll as the lab knows it (the lab's own copy when it scans into one) and its order: what a listener writes
   * commits with the step or not at all (the lab webhooks' outbox).
   */
  const stepping = createHook<{
    tx: Db;
    labId: string;
    roll: { id: string; name: string; status: RollStatus; previous_status: RollStatus | null };
    order: { id: string; reference: string } | null;
    afterCommit: AfterCommit;
  }>();

  /** The lab that follows a roll's steps (null: none does), the roll's id in that lab's eyes, and its order. */
  async function followerOf(row: RollRow, sentTo: string | null) {
    // A lab's copy steps along with its customer's roll, whose step speaks for both.
    if (row.customer_film_id) return null;
    const side = sentTo ? { labId: sentTo, orderId: null } : await labSideOf(row);
    if (!side) return null;
    const copy = row.lab_order_id ? await films.life.labCopyOf(row.id) : undefined;
    const order = side.orderId ? await orders.findById(side.orderId) : undefined;
    return { labId: side.labId, rollId: copy?.id ?? row.id, order: order ? { id: order.id, reference: order.reference } : null };
  }

  /** Tells the roll's page, its owner's feed and the lab's order screens that the roll took a step. */
  async function announce(row: RollRow) {
    const event = { type: "roll" as const, film_id: row.id, status: row.status, shared: row.timeline_shared };
    bus.publish(row.id, event);
    bus.publish(ownerFeedId(row.user_id), event);
    // The lab's copy shows this roll's timeline on the lab's screens, which follow the copy.
    if (row.lab_order_id) {
      const copy = await films.life.labCopyOf(row.id);
      if (copy) bus.publish(copy.id, { ...event, film_id: copy.id });
    }
    const lab = await labSideOf(row);
    if (!lab || lab.labId === row.user_id) return;
    bus.publish(ownerFeedId(lab.labId), event);
    if (lab.orderId) {
      const order = await orders.findById(lab.orderId);
      if (order) orders.changed(lab.labId, order.id, order.status);
    }
  }

  /** The photographer's mail about a step, in their language, unless they turned these mails off. */
  async function mailOwner(row: RollRow, status: RollStatus, labId: string | null, tracking: string | null) {
    if (!MAILED.has(status)) return;
    const person = await findPerson(row.user_id);
    // A lab's own order roll has no photographer yet: the order's mail reaches the customer.
    if (person?.role !== "user" || !person.roll_mail) return;
    // Scanned by the photographer's own upload is no news to them; with a lab involved it is.
    if (status === "scanned" && !labId && !row.sent_lab_id && !row.lab_order_id && !row.from_lab_id) return;
    const to = await emailOf(person);
    if (!to) return;
    const t = translator(person.locale ?? DEFAULT_LOCALE, "rollLife");
    const lab = labId ? await findLabContact(labId) : undefined;
    const vars = {
      name: personName(person) ?? "",
      roll: rollName(row),
      lab: lab?.name || t("theLab"),
      link: `${publicUrl}${paths.user.film.to(row.id)}`,
      tracking: tracking ? t("mail.returned.tracking", { tracking }) : "",
    };
    const key = status as "received" | "scanned" | "delivered" | "returned";
    await mailer.send({
      to,
      subject: t(`mail.${key}.subject`, vars),
      text: `${t(`mail.${key}.text`, vars)}\n\n${t("mail.optOut", { link: `${publicUrl}${paths.user.profile}` })}`,
    });
  }

  /**
   * Takes one step under the roll's lock: the rule is checked against the status the roll has then (another step may
   * have come first). `quiet`: a step Latent tries by itself, skipped (false) when not allowed instead of refused.
   */
  async function step(id: string, body: RollStep, taker: Taker, quiet = false): Promise<boolean> {
    const to = body.status;
    if (to === "sent" && !body.lab_id) throw new AppError("roll-lab-required");
    if (to === "sent" && !(await labExists(body.lab_id!))) throw new AppError("lab-not-found");
    if (to === "archived") {
      if (!body.held_until) throw new AppError("hold-date-invalid", "Say until when the lab keeps the negatives (held_until)");
      if (body.held_until <= today()) throw new AppError("hold-date-invalid");
    }
    const at = now();
    const labId = to === "sent" ? body.lab_id! : taker.labId;
    // Read before the step's transaction (which holds PGlite's one connection); nothing of it changes in a step.
    const seen = await films.life.find(id);
    const follower = seen ? await followerOf(seen, to === "sent" ? body.lab_id! : null) : null;
    const taken = await transaction(db, async (tx, afterCommit) => {
      const row = await films.life.lock(tx, id);
      if (!row) throw notFound();
      const from = row.status as RollStatus | null;
      if (!canStep(from, to, taker.actor)) {
        if (quiet) return null;
        throw new AppError("roll-step-not-allowed", stepRefusal(from, to));
      }
      await insertEvent(tx, {
        film_id: id,
        status: to,
        actor: taker.actor,
        actor_user_id: taker.userId,
        lab_id: labId,
        camera: to === "loaded" ? (body.camera ?? null) : null,
        tracking: to === "sent" || to === "returned" ? body.tracking || null : null,
        held_until: to === "archived" ? body.held_until! : null,
        note: body.note || null,
        created_at: at,
      });
      await films.life.set(tx, id, {
        status: to,
        status_at: at,
        ...(to === "sent" ? { sent_lab_id: body.lab_id! } : {}),
        ...(to === "archived" ? { held_until: body.held_until!, return_requested_at: null } : {}),
        ...(to === "returned" ? { held_until: null } : {}),
      });
      if (follower) {
        const roll = { id: follower.rollId, name: rollName(row), status: to, previous_status: from };
        await stepping.run({ tx, labId: follower.labId, roll, order: follower.order, afterCommit });
      }
      return (await films.life.lock(tx, id))!;
    });
    if (!taken) return false;
    await announce(taken);
    await mailOwner(taken, to, labId, to === "returned" ? body.tracking || null : null);
    return true;
  }

  async function ownRoll(userId: string, id: string) {
    const row = await findOwnRoll(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /** A roll of one of the lab's orders; 404 for any other (another lab's, a photographer's, or the caller is no lab). */
  async function labRoll(labId: string, role: "user" | "lab", id: string) {
    const row = role === "lab" ? await findLabRoll(labId, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  /** The roll on a sticker the lab scanned, with what the lab may do with it; 404 when the lab may not know of it. */
  async function scanned(labId: string, role: "user" | "lab", ref: string) {
    const sticker = role === "lab" ? await stickers.find(ref) : undefined;
    const row = sticker ? await films.life.bySticker(sticker.hash) : undefined;
    if (!sticker || !row) throw new AppError("sticker-not-found");
    const ours = await findLabRoll(labId, row.id);
    const receivable = row.sent_lab_id === labId && row.lab_order_id === null && row.order_id === null;
    if (!ours && !receivable) throw new AppError("sticker-not-found");
    return { sticker, row, ours: ours !== undefined };
  }

  /** Latent's own step of rolls (scanned, delivered), taken where the rules allow it and skipped elsewhere. */
  async function systemStep(filmIds: readonly string[], status: RollStatus) {
    for (const row of await films.life.findMany(filmIds)) {
      if (!canStep(row.status as RollStatus | null, status, "system")) continue;
      await step(row.id, { status }, { actor: "system", userId: null, labId: null }, true);
    }
  }

  return {
    stepping,
    /** GET film/{id}/timeline: the owner's roll's life and the steps they may take. */
    async ownerTimeline(userId: string, id: string) {
      return timelineOf(await ownRoll(userId, id), "owner");
    },

    /** POST film/{id}/status: the owner takes a step (loaded, shot, sent). */
    async ownerStep(userId: string, id: string, body: RollStep) {
      await ownRoll(userId, id);
      await step(id, body, { actor: "owner", userId, labId: null });
      return timelineOf(await ownRoll(userId, id), "owner");
    },

    /** PUT film/{id}/life: the timeline on the shared roll, where the negatives are. */
    async settings(userId: string, id: string, body: RollLifeSettings) {
      const values = {
        ...(body.timeline_shared !== undefined ? { timeline_shared: body.timeline_shared } : {}),
        ...(body.storage_location !== undefined ? { storage_location: body.storage_location?.trim() || null } : {}),
      };
      if (!(await films.life.setSettings(userId, id, values))) throw notFound();
      return timelineOf(await ownRoll(userId, id), "owner");
    },

    /** GET film/storage-locations: the owner's earlier places, most used first. */
    async storageLocations(userId: string, q: string) {
      const rows = await films.life.storageLocations(userId, q.trim(), MAX_STORAGE_SUGGESTIONS);
      return rows.map((r) => r.storage_location!);
    },

    /** POST film/{id}/return-request: asks the lab that holds the negatives for them back, once. */
    async requestReturn(userId: string, id: string) {
      const row = await ownRoll(userId, id);
      if (row.status !== "archived") throw new AppError("roll-not-held");
      if (row.return_requested_at) throw new AppError("return-already-requested");
      const labId = await findHoldingLab(db, row.id);
      await films.life.set(db, row.id, { return_requested_at: now() });
      const updated = await ownRoll(userId, id);
      await announce(updated);
      const [lab, person] = await Promise.all([labId ? findLabContact(labId) : undefined, findPerson(userId)]);
      const labTo = lab?.to ?? null;
      if (lab && labTo && person) {
        const t = translator(lab.locale ?? DEFAULT_LOCALE, "rollLife");
        const email = (await emailOf(person)) ?? "";
        const vars = { customer: personName(person) ?? email, email, roll: rollName(row), date: row.held_until ?? "" };
        await mailer.send({
          to: labTo,
          subject: t("mail.returnRequest.subject", vars),
          text: t("mail.returnRequest.text", vars),
          ...(email ? { replyTo: email } : {}),
        });
      }
      return timelineOf(updated, "owner");
    },

    /** GET lab/films/{id}/timeline: a roll of one of the lab's orders, with the steps the lab may take. */
    async labTimeline(labId: string, role: "user" | "lab", id: string) {
      return timelineOf(await truthOf(await labRoll(labId, role, id)), "lab");
    },

    /** POST lab/films/{id}/status: the lab of the roll's order takes a step. */
    async labStep(labId: string, role: "user" | "lab", id: string, body: RollStep) {
      const target = await truthOf(await labRoll(labId, role, id));
      await step(target.id, body, { actor: "lab", userId: labId, labId });
      return timelineOf(await truthOf(await labRoll(labId, role, id)), "lab");
    },

    /** GET lab/stickers/{shortId}: what the lab's companion offers for the roll a sticker is on. */
    async stickerLookup(labId: string, role: "user" | "lab", ref: string): Promise<LabStickerLookup> {
      const { row, ours } = await scanned(labId, role, ref);
      const person = await findPerson(row.user_id);
      const orderId = row.order_id ?? row.lab_order_id ?? null;
      const order = row.order_id ? await orders.findById(row.order_id) : undefined;
      const customer = order ? order.user_name : person ? (personName(person) ?? (await emailOf(person)) ?? "") : "";
      const status = row.status as RollStatus | null;
      const next = ours ? labNextStep(status) : canStep(status, "received", "lab") ? "received" : null;
      return {
        film: { id: row.id, name: row.name, stock: `${row.brand} ${row.model}`, format: row.format, customer },
        order_id: orderId,
        status,
        action: !next ? "none" : ours ? "advance" : "receive",
        next,
        reason: next ? null : "finished",
      };
    },

    /**
     * POST lab/stickers/{shortId}/receive: a customer's roll sent to this lab and in none of its orders yet becomes a
     * new order for that customer (reference: the sticker's short id) and is received into it.
     */
    async receive(labId: string, role: "user" | "lab", ref: string): Promise<LabReceived> {
      const { sticker, row, ours } = await scanned(labId, role, ref);
      if (ours) throw new AppError("roll-already-received");
      if (row.status !== "sent") throw new AppError("roll-step-not-allowed", stepRefusal(row.status as RollStatus | null, "received"));
      const person = await findPerson(row.user_id);
      const email = person ? await emailOf(person) : null;
      if (!person || !email) throw new AppError("roll-not-sent-to-lab");
      const order = await orders.create(
        labId,
        { reference: sticker.short_id, user_name: personName(person) ?? email, user_email: email, user_phone: "" },
        "manual",
        null,
        person.user_id,
      );
      // The roll is checked again under its lock: a second scan of the same sticker meanwhile made its order first.
      const linked = await db.transaction().execute(async (tx) => {
        const locked = await films.life.lock(tx, row.id);
        if (!locked || locked.lab_order_id !== null || locked.sent_lab_id !== labId || locked.status !== "sent") return false;
        await films.life.set(tx, row.id, { lab_order_id: order.id });
        // The lab scans into a roll of its own in the order (its storage, its upload screen), joined on claim.
        await films.life.addLabCopy(tx, labId, order.id, row.id);
        return true;
      });
      if (!linked) {
        await orders.remove(labId, order.id);
        throw new AppError("roll-already-received");
      }
      await step(row.id, { status: "received" }, { actor: "lab", userId: labId, labId });
      return { order_id: order.id, film_id: row.id, timeline: await timelineOf((await findLabRoll(labId, row.id))!, "lab") };
    },

    /** A scan finished processing: the roll is scanned once none of its shots is still on its way. */
    async shotDone(filmId: string) {
      if ((await countUnfinishedShots(filmId)) > 0) return;
      const row = await films.life.find(filmId);
      // A lab's copy scanned is its customer's roll scanned.
      await systemStep(row?.customer_film_id ? [filmId, row.customer_film_id] : [filmId], "scanned");
    },

    /** An order reached its customer: its rolls, and the customers' rolls received into it, are delivered. */
    async orderDelivered(orderId: string, filmIds: readonly string[]) {
      const linked = await films.life.inLabOrder(orderId);
      await systemStep([...filmIds, ...linked.map((r) => r.id)], "delivered");
    },

    /** The public order shows each roll's timeline. */
    async addTimelines(shown: PublicOrder["films"]) {
      // A lab's copy shows its customer's roll's timeline.
      const truth = new Map((await films.life.findMany(shown.map((f) => f.id))).map((r) => [r.id, r.customer_film_id ?? r.id]));
      const byFilm = await eventsOf([...new Set(truth.values())]);
      for (const film of shown) film.timeline = byFilm.get(truth.get(film.id) ?? film.id) ?? [];
    },

    /** The shared roll shows its timeline when its owner chose so. */
    async addSharedTimeline(row: FilmRow, shown: PublicFilm) {
      if (!row.timeline_shared) return;
      shown.timeline = (await eventsOf([row.id])).get(row.id) ?? [];
    },

    /**
     * Mails the photographers whose negatives a lab holds until 14 or 3 days from `at`'s day, once per roll, date
     * and lead time, however many instances run this and however often (the reminder's row says it went).
     */
    async remindHolds(at = now()) {
      let sent = 0;
      for (const days of HOLD_REMINDER_DAYS) {
        const date = today(new Date(at.getTime() + days * DAY_MS));
        for (const row of await films.life.holdsEndingOn([date])) {
          if (!(await recordReminder(db, row.id, date, days))) continue;
          const person = await findPerson(row.user_id);
          if (!person?.roll_mail) continue;
          const to = await emailOf(person);
          if (!to) continue;
          const labId = await findHoldingLab(db, row.id);
          const lab = labId ? await findLabContact(labId) : undefined;
          const locale = person.locale ?? DEFAULT_LOCALE;
          const t = translator(locale, "rollLife");
          const vars = {
            name: personName(person) ?? "",
            roll: rollName(row),
            lab: lab?.name || t("theLab"),
            date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`)),
            count: days,
            link: `${publicUrl}${paths.user.film.to(row.id)}`,
          };
          await mailer.send({
            to,
            subject: t("mail.reminder.subject", vars),
            text: `${t("mail.reminder.text", vars)}\n\n${t("mail.optOut", { link: `${publicUrl}${paths.user.profile}` })}`,
          });
          sent++;
        }
      }
      return sent;
    },
  };
}

export type RollLifeService = ReturnType<typeof createRollLifeService>;
