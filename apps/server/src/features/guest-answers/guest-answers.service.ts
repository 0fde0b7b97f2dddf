import { createHmac, timingSafeEqual } from "node:crypto";
import { orderInListPath, paths } from "@latent/domain/app-paths";
import { ownerFeedId, type PublicLink } from "@latent/domain/films";
import {
  GUEST_COOKIE_PREFIX,
  type GuestAnswers,
  type GuestRequest,
  type NewOwnerComment,
  type OrderRequest,
  type OwnerAnswers,
  type OwnerComment,
  type PublicComment,
  type RequestKind,
} from "@latent/domain/guest-answers";
import { DEFAULT_LOCALE } from "@latent/domain/locales";
import type { Kysely, Selectable } from "kysely";
import { isForeignKeyViolation } from "../../platform/db/db-errors.ts";
import type { Database, GuestCommentsTable, GuestRequestsTable } from "../../platform/db/schema.ts";
import { isUuid } from "../../platform/db/uuid.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import { type CookieOptions, serializeCookie } from "../../platform/http/cookies.ts";
import { translator } from "../../platform/i18n/translator.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { EventBus } from "../../platform/realtime/event-bus.ts";
import type { FilmsService } from "../films/films.service.ts";
import type { OrdersService } from "../labs/orders/orders.service.ts";
import type { SharesService } from "../shares/shares.service.ts";
import type { UsersService } from "../users/users.service.ts";
import {
  addFavourite,
  claimDigest,
  countAnswersSince,
  countCommentsSince,
  countGuestsSince,
  countOpenRequests,
  countRequestsSince,
  deleteComment,
  findComment,
  findGuestOfLink,
  insertComment,
  insertGuest,
  insertRequest,
  listComments,
  listDueDigests,
  listFavourites,
  listGuestFavourites,
  listGuestRequests,
  listOrderRequests,
  listVisibleComments,
  markDigestPending,
  removeFavourite,
  renameGuest,
  type Subject,
  setCommentHidden,
  setRequestDone,
  underLinkLock,
} from "./guest-answers.store.ts";

/** What one link may take in an hour, from every visitor together (each client's own pace is the routes' limit). */
export const LINK_LIMITS = { guestsPerHour: 200, commentsPerHour: 300, requestsPerHour: 100 } as const;
/** At most one digest per link in this time. */
export const DIGEST_GAP_MS = 3600_000;
/** The longest a guest's cookie lasts (a browser keeps none longer), however long its link. */
const GUEST_COOKIE_MAX_S = 400 * 24 * 3600;

export interface GuestAnswersDeps {
  db: Kysely<Database>;
  shares: Pick<SharesService, "resolve">;
  orders: Pick<OrdersService, "visitorLink" | "get" | "labNameOf" | "countOpenRequestsWith">;
  films: Pick<FilmsService, "get" | "ofOrder" | "load">;
  users: Pick<UsersService, "get">;
  bus: Pick<EventBus, "publish">;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  cookie: (maxAge?: number) => CookieOptions;
  now?: () => number;
}

/** A visitor's link, whichever kind: what it opens, whose it is, its id (the guests' scope) and its controls. */
interface VisitorLink {
  subject: Subject;
  ownerId: string;
  linkId: string;
  expiresAt: Date;
  link: PublicLink;
}

interface Frame {
  film_id: string;
  frame: number;
  file_name: string | null;
}

type CommentRow = Selectable<GuestCommentsTable>;
type RequestRow = Selectable<GuestRequestsTable>;

/**
 * Guests who answer a shared roll or an order's link without an account (issue 31): a name in a signed cookie for
 * that one link, favourites, comments, and "ask the lab" requests on an order; the owner's (the lab's) moderation,
 * export and digest mail. A guest's every call is scoped to the link its code opens: a cookie or a frame of another
 * roll or order finds nothing.
 */
export function createGuestAnswersService(deps: GuestAnswersDeps) {
  const { db, shares, orders, films, users, bus, mailer } = deps;
  const now = deps.now ?? (() => Date.now());

  const sign = (linkId: string, guestId: string) =>
    createHmac("sha256", deps.secret).update(`guest\n${linkId}\n${guestId}`).digest("base64url");
  const cookieName = (linkId: string) => `${GUEST_COOKIE_PREFIX}${linkId}`;

  /** The guest a link's cookie names, if it is one of ours for exactly this link. */
  const guestOf = async (visitor: VisitorLink, cookies: Record<string, string>) => {
    const [guestId, signature] = (cookies[cookieName(visitor.linkId)] ?? "").split(".");
    if (!guestId || !signature || !isUuid(guestId)) return null;
    const expected = sign(visitor.linkId, guestId);
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
    return (await findGuestOfLink(db, guestId, visitor.linkId)) ?? null;
  };

  const visitorOf = async (kind: "film" | "order", code: string | null, cookies: Record<string, string>): Promise<VisitorLink> => {
    if (kind === "film") {
      const link = await shares.resolve(code, cookies);
      return { subject: { filmId: link.filmId }, ownerId: link.ownerId, linkId: link.id, expiresAt: link.expiresAt, link: link.link };
    }
    const link = await orders.visitorLink(code, cookies);
    return { subject: { orderId: link.orderId }, ownerId: link.labId, linkId: link.linkId, expiresAt: link.expiresAt, link: link.link };
  };

  /** A link whose owner lets guests answer (403 guest-answers-off otherwise). */
  const answering = async (kind: "film" | "order", code: string | null, cookies: Record<string, string>) => {
    const visitor = await visitorOf(kind, code, cookies);
    if (!visitor.link.guest_answers) throw new AppError("guest-answers-off");
    return visitor;
  };

  /** The guest writing through a link: 401 guest-name-required until they gave a name. */
  const writer = async (kind: "film" | "order", code: string | null, cookies: Record<string, string>) => {
    const visitor = await answering(kind, code, cookies);
    const guest = await guestOf(visitor, cookies);
    if (!guest) throw new AppError("guest-name-required");
    return { visitor, guest };
  };

  /** Every frame of a roll or an order by shot id: a shot of anything else is not there. */
  const framesOf = async (ownerId: string, subject: Subject): Promise<Map<string, Frame>> => {
    const rolls = subject.filmId ? [await films.get(ownerId, subject.filmId)] : await films.ofOrder(ownerId, subject.orderId!);
    const frames = new Map<string, Frame>();
    for (const roll of rolls)
      for (const shot of roll.shots) frames.set(shot.id, { film_id: roll.id, frame: shot.index, file_name: shot.file_name });
    return frames;
  };
  const frameOrThrow = async (ownerId: string, subject: Subject, shotId: string) => {
    const frame = (await framesOf(ownerId, subject)).get(shotId);
    if (!frame) throw notFound();
    return frame;
  };

  /** Tells the owner's (the lab's) open pages, and a roll's visitors, that answers changed: they fetch them again. */
  const announce = (ownerId: string, subject: Subject) => {
    if (subject.filmId) bus.publish(subject.filmId, { type: "answers", film_id: subject.filmId, order_id: null });
    else bus.publish(ownerFeedId(ownerId), { type: "answers", film_id: null, order_id: subject.orderId! });
  };

  /** A guest answered: the owner is told live, and by the next digest. */
  const answered = async (visitor: VisitorLink) => {
    announce(visitor.ownerId, visitor.subject);
    await unlessGone(markDigestPending(db, visitor.linkId, visitor.ownerId, visitor.subject, new Date(now())));
  };

  const hourAgo = () => new Date(now() - 3600_000);

  /**
   * A write whose roll, order, frame or replied comment was deleted after its check: 404 as if it had never been
   * there (its key refused the row, so nothing is stored without it).
   */
  const unlessGone = <T>(write: Promise<T>, gone: () => AppError = notFound): Promise<T> =>
    write.catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw gone();
      throw err;
    });

  const toPublicComment = (row: CommentRow, frames: Map<string, Frame>, guestId: string | null): PublicComment => {
    const frame = row.shot_id ? frames.get(row.shot_id) : undefined;
    return {
      id: row.id,
      shot_id: row.shot_id,
      film_id: frame?.film_id ?? row.film_id,
      frame: frame?.frame ?? null,
      author: row.author,
      from_owner: row.guest_id === null,
      mine: guestId !== null && row.guest_id === guestId,
      reply_to: row.reply_to,
      text: row.text,
      created_at: row.created_at.toISOString(),
    };
  };
  const toOwnerComment = (row: CommentRow, frames: Map<string, Frame>): OwnerComment => {
    const { mine: _mine, ...shown } = toPublicComment(row, frames, null);
    return { ...shown, hidden: row.hidden_at !== null, guest_id: row.guest_id, link_id: row.link_id };
  };
  const toRequest = (row: RequestRow): GuestRequest => ({
    id: row.id,
    kind: row.kind,
    shot_id: row.shot_id,
    film_id: row.film_id,
    frame: row.frame,
    note: row.note,
    author: row.author,
    created_at: row.created_at.toISOString(),
    done_at: row.done_at?.toISOString() ?? null,
  });

  /** The owner's side of a roll (404 for anyone else) or a lab's order (404 order-not-found for anyone else). */
  const ownSubject = async (ownerId: string, kind: "film" | "order", id: string): Promise<Subject> => {
    if (kind === "film") return { filmId: (await films.load(ownerId, id)).id };
    return { orderId: (await orders.get(ownerId, id)).id };
  };

  /** The name the owner's comments carry: the lab's on an order, else the owner's own. */
  const ownerName = async (ownerId: string, subject: Subject) => {
    if (subject.orderId) return (await orders.labNameOf(subject.orderId)) ?? "Lab";
    const user = await users.get(ownerId);
    return user.name || [user.first_name, user.last_name].filter(Boolean).join(" ") || user.nickname || "Owner";
  };

  orders.countOpenRequestsWith((labId, orderIds) => countOpenRequests(db, labId, orderIds));

  return {
    /** A guest gives (or changes) their name for this link: the Set-Cookie naming them, and who they are. */
    async becomeGuest(kind: "film" | "order", code: string | null, cookies: Record<string, string>, name: string) {
      const visitor = await answering(kind, code, cookies);
      const known = await guestOf(visitor, cookies);
      let guest = known ? await renameGuest(db, known.id, visitor.linkId, name) : undefined;
      if (!guest) {
        guest = await unlessGone(
          underLinkLock(db, visitor.linkId, async (tx) => {
            if ((await countGuestsSince(tx, visitor.linkId, hourAgo())) >= LINK_LIMITS.guestsPerHour) {
              throw new AppError("guest-answers-rate-limited").retryAfter(3600);
            }
            return insertGuest(tx, {
              owner_id: visitor.ownerId,
              film_id: visitor.subject.filmId ?? null,
              order_id: visitor.subject.orderId ?? null,
              link_id: visitor.linkId,
              name,
              created_at: new Date(now()),
            });
          }),
        );
      }
      const maxAge = Math.min(GUEST_COOKIE_MAX_S, Math.floor((visitor.expiresAt.getTime() - now()) / 1000));
      const cookie = serializeCookie(cookieName(visitor.linkId), `${guest.id}.${sign(visitor.linkId, guest.id)}`, deps.cookie(maxAge));
      return { cookie, guest: { id: guest.id, name: guest.name } };
    },

    async favourite(kind: "film" | "order", code: string | null, cookies: Record<string, string>, shotId: string, on: boolean) {
      const { visitor, guest } = await writer(kind, code, cookies);
      if (!isUuid(shotId)) throw notFound();
      await frameOrThrow(visitor.ownerId, visitor.subject, shotId);
      const changed = on
        ? await unlessGone(addFavourite(db, guest.id, shotId, new Date(now())))
        : (await removeFavourite(db, guest.id, shotId)).numDeletedRows > 0n;
      if (changed) await answered(visitor);
    },

    async comment(
      kind: "film" | "order",
      code: string | null,
      cookies: Record<string, string>,
      body: { shot_id: string | null; text: string },
    ) {
      const { visitor, guest } = await writer(kind, code, cookies);
      const frames = await framesOf(visitor.ownerId, visitor.subject);
      if (body.shot_id !== null && !(isUuid(body.shot_id) && frames.has(body.shot_id))) throw notFound();
      const row = await unlessGone(
        underLinkLock(db, visitor.linkId, async (tx) => {
          if ((await countCommentsSince(tx, visitor.linkId, hourAgo())) >= LINK_LIMITS.commentsPerHour) {
            throw new AppError("guest-answers-rate-limited").retryAfter(3600);
          }
          return insertComment(tx, {
            owner_id: visitor.ownerId,
            film_id: visitor.subject.filmId ?? (body.shot_id ? frames.get(body.shot_id)!.film_id : null),
            order_id: visitor.subject.orderId ?? null,
            link_id: visitor.linkId,
            guest_id: guest.id,
            author: guest.name,
            shot_id: body.shot_id,
            reply_to: null,
            text: body.text,
            created_at: new Date(now()),
          });
        }),
      );
      await answered(visitor);
      return toPublicComment(row, frames, guest.id);
    },

    async request(code: string | null, cookies: Record<string, string>, body: { kind: RequestKind; shot_id: string; note: string }) {
      const { visitor, guest } = await writer("order", code, cookies);
      if (!isUuid(body.shot_id)) throw notFound();
      const frame = await frameOrThrow(visitor.ownerId, visitor.subject, body.shot_id);
      const row = await unlessGone(
        underLinkLock(db, visitor.linkId, async (tx) => {
          if ((await countRequestsSince(tx, visitor.linkId, hourAgo())) >= LINK_LIMITS.requestsPerHour) {
            throw new AppError("guest-answers-rate-limited").retryAfter(3600);
          }
          return insertRequest(tx, {
            lab_id: visitor.ownerId,
            order_id: visitor.subject.orderId!,
            link_id: visitor.linkId,
            guest_id: guest.id,
            author: guest.name,
            kind: body.kind,
            shot_id: body.shot_id,
            film_id: frame.film_id,
            frame: frame.frame,
            note: body.note,
            created_at: new Date(now()),
          });
        }),
      );
      await answered(visitor);
      return toRequest(row);
    },

    /** What a guest sees: their own favourites and requests, and every comment visible through their link. */
    async guestView(kind: "film" | "order", code: string | null, cookies: Record<string, string>): Promise<GuestAnswers> {
      const visitor = await answering(kind, code, cookies);
      const guest = await guestOf(visitor, cookies);
      const [frames, comments] = await Promise.all([
        framesOf(visitor.ownerId, visitor.subject),
        listVisibleComments(db, visitor.subject, visitor.linkId),
      ]);
      return {
        guest: guest ? { id: guest.id, name: guest.name } : null,
        favourites: guest ? await listGuestFavourites(db, guest.id) : [],
        comments: comments.map((row) => toPublicComment(row, frames, guest?.id ?? null)),
        requests: guest && kind === "order" ? (await listGuestRequests(db, guest.id)).map(toRequest) : [],
      };
    },

    /** The owner's (the lab's) view: every favourite with who and when, every comment, the order's requests. */
    async ownerView(ownerId: string, kind: "film" | "order", id: string): Promise<OwnerAnswers> {
      const subject = await ownSubject(ownerId, kind, id);
      const [frames, favourites, comments] = await Promise.all([
        framesOf(ownerId, subject),
        listFavourites(db, ownerId, subject),
        listComments(db, ownerId, subject),
      ]);
      return {
        favourites: favourites.flatMap((row) => {
          const frame = frames.get(row.shot_id);
          if (!frame) return [];
          return [
            {
              shot_id: row.shot_id,
              ...frame,
              guest: { id: row.guest_id, name: row.guest_name },
              link_id: row.link_id,
              created_at: row.created_at.toISOString(),
            },
          ];
        }),
        comments: comments.map((row) => toOwnerComment(row, frames)),
        requests: subject.orderId ? await this.requests(ownerId, subject.orderId) : [],
      };
    },

    /**
     * The owner's (the lab's) comment: an answer to a guest's (on that comment's link, so its guests see it), or one
     * of their own for every link of the roll.
     */
    async ownerComment(ownerId: string, kind: "film" | "order", id: string, body: NewOwnerComment): Promise<OwnerComment> {
      const subject = await ownSubject(ownerId, kind, id);
      const frames = await framesOf(ownerId, subject);
      if (body.shot_id !== null && !(isUuid(body.shot_id) && frames.has(body.shot_id))) throw notFound();
      const answering =
        body.reply_to === undefined ? null : isUuid(body.reply_to) ? await findComment(db, ownerId, subject, body.reply_to) : undefined;
      if (answering === undefined) throw new AppError("comment-not-found");
      const row = await unlessGone(
        insertComment(db, {
          owner_id: ownerId,
          film_id: subject.filmId ?? (body.shot_id ? frames.get(body.shot_id)!.film_id : null),
          order_id: subject.orderId ?? null,
          link_id: answering?.link_id ?? null,
          guest_id: null,
          author: await ownerName(ownerId, subject),
          shot_id: body.shot_id,
          reply_to: answering?.id ?? null,
          text: body.text,
          created_at: new Date(now()),
        }),
        // The comment answered was deleted meanwhile (or the roll, the order, the frame).
        () => (answering ? new AppError("comment-not-found") : notFound()),
      );
      announce(ownerId, subject);
      return toOwnerComment(row, frames);
    },

    async hide(ownerId: string, kind: "film" | "order", id: string, commentId: string, hidden: boolean): Promise<OwnerComment> {
      const subject = await ownSubject(ownerId, kind, id);
      const found = isUuid(commentId) ? await findComment(db, ownerId, subject, commentId) : undefined;
      if (!found) throw new AppError("comment-not-found");
      const row = await setCommentHidden(db, ownerId, found.id, hidden ? (found.hidden_at ?? new Date(now())) : null);
      if (!row) throw new AppError("comment-not-found");
      announce(ownerId, subject);
      return toOwnerComment(row, await framesOf(ownerId, subject));
    },

    async remove(ownerId: string, kind: "film" | "order", id: string, commentId: string) {
      const subject = await ownSubject(ownerId, kind, id);
      const found = isUuid(commentId) ? await findComment(db, ownerId, subject, commentId) : undefined;
      if (!found || !(await deleteComment(db, ownerId, found.id))) throw new AppError("comment-not-found");
      announce(ownerId, subject);
    },

    /** An order's requests for its lab, newest first (404 order-not-found for another lab). */
    async requests(labId: string, orderId: string): Promise<OrderRequest[]> {
      const subject = await ownSubject(labId, "order", orderId);
      return (await listOrderRequests(db, labId, subject.orderId!)).map((row) => ({
        ...toRequest(row),
        guest: row.guest_id && row.guest_name !== null ? { id: row.guest_id, name: row.guest_name } : null,
      }));
    },

    async markRequest(labId: string, orderId: string, requestId: string, done: boolean): Promise<OrderRequest> {
      const subject = await ownSubject(labId, "order", orderId);
      if (!isUuid(requestId) || !(await setRequestDone(db, labId, subject.orderId!, requestId, done ? new Date(now()) : null))) {
        throw new AppError("request-not-found");
      }
      announce(labId, subject);
      return (await this.requests(labId, subject.orderId!)).find((r) => r.id === requestId)!;
    },

    /**
     * The favourited frames' file names for Lightroom's filter: `txt` one per line (each once, frame order, frames
     * without a file name left out), `csv` with the frame, how many favourited it and who.
     */
    async exportFavourites(ownerId: string, kind: "film" | "order", id: string, format: "txt" | "csv") {
      const { favourites } = await this.ownerView(ownerId, kind, id);
      const byShot = new Map<string, { frame: Frame; guests: string[] }>();
      for (const f of favourites) {
        const entry = byShot.get(f.shot_id) ?? { frame: { film_id: f.film_id, frame: f.frame, file_name: f.file_name }, guests: [] };
        if (!entry.guests.includes(f.guest.name)) entry.guests.push(f.guest.name);
        byShot.set(f.shot_id, entry);
      }
      const rows = [...byShot.values()].sort((a, b) => a.frame.film_id.localeCompare(b.frame.film_id) || a.frame.frame - b.frame.frame);
      if (format === "txt") {
        const names = [...new Set(rows.flatMap((r) => (r.frame.file_name ? [r.frame.file_name] : [])))];
        return names.map((name) => `${name}\n`).join("");
      }
      const cell = (value: string | number) => {
        const text = String(value);
        // A cell a spreadsheet would run as a formula is quoted with a leading apostrophe.
        const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
        return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
      };
      const lines = [["file_name", "frame", "favourites", "guests"].join(",")];
      for (const r of rows)
        lines.push([cell(r.frame.file_name ?? ""), cell(r.frame.frame), cell(r.guests.length), cell(r.guests.join("; "))].join(","));
      return `${lines.join("\r\n")}\r\n`;
    },

    /**
     * Sends each due digest: at most one mail per link per hour, to the roll's owner (the order's lab) in their
     * language, telling what guests did since the last one; none to whoever turned `guest_mail` off.
     */
    async sendDigests() {
      const at = new Date(now());
      for (const due of await listDueDigests(db, at, new Date(at.getTime() - DIGEST_GAP_MS))) {
        if (!due.pending_since || !(await claimDigest(db, due.link_id, due.pending_since, at))) continue;
        const owner = await users.get(due.owner_id).catch(() => null);
        if (!owner?.email || !owner.guest_mail) continue;
        // Everything since the last digest (the first answer came a moment before it marked the digest pending).
        const counts = await countAnswersSince(db, due.link_id, due.last_sent_at ?? new Date(0));
        if (counts.favourites + counts.comments + counts.requests === 0) continue;
        const t = translator(owner.locale ?? DEFAULT_LOCALE, "shares");
        const subject: Subject = due.film_id ? { filmId: due.film_id } : { orderId: due.order_id! };
        const name = subject.filmId
          ? ((await films.load(due.owner_id, subject.filmId).catch(() => null))?.name ?? "")
          : ((await orders.get(due.owner_id, subject.orderId!).catch(() => null))?.reference ?? "");
        const page = `${deps.publicUrl}${subject.filmId ? paths.user.film.to(subject.filmId) : orderInListPath(subject.orderId!)}`;
        await mailer.send({
          to: owner.email,
          subject: t("digest.subject", { name }),
          text: [
            t("digest.intro", { name }),
            "",
            t("digest.favourites", { count: counts.favourites }),
            t("digest.comments", { count: counts.comments }),
            ...(subject.orderId ? [t("digest.requests", { count: counts.requests })] : []),
            "",
            t("digest.open", { link: page }),
            "",
            t("digest.opt_out"),
          ].join("\n"),
        });
      }
    },
  };
}

export type GuestAnswersService = ReturnType<typeof createGuestAnswersService>;
