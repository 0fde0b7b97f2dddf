import { createHash, randomUUID } from "node:crypto";
import { LOCALES } from "@latent/domain/locales";
import type { UpdateUserBody, User } from "@latent/domain/user";
import type { Kysely } from "kysely";
import type { Db } from "../../platform/db/db-handle.ts";
import type { Database, UserRow } from "../../platform/db/schema.ts";
import { createHook } from "../../platform/hooks/hook.ts";
import { AppError, notFound } from "../../platform/http/app-error.ts";
import type { UrlSigner } from "../../platform/http/url-signer.ts";
import type { AccountChanges } from "../../platform/identity/caller-checks.ts";
import type { Caller } from "../../platform/identity/verify-token.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import type { EntitlementsService } from "../entitlements/entitlements.service.ts";
import {
  deleteUserRow,
  ensureUserRow,
  findUser,
  findUserStanding,
  findUsersByEmail,
  isDeletedSubject,
  listDowngradingUsers,
  listInactiveUsersSince,
  rememberDeletedSubject,
  updateUserRow,
} from "./users.store.ts";

const PICTURE_LINK_TTL_S = 3600;
/**
 * A deleted account's subject is refused this long: longer than any access token lives (an hour with the embedded
 * provider, up to a day with common external ones), so a token still in flight cannot create the user again.
 */
const DELETED_SUBJECT_TTL_MS = 7 * 24 * 3600_000;

/** What a listener of `users.deleting` receives: whose data to delete, and where to note what it deleted. */
export interface DeletingUser {
  userId: string;
  email: string | null;
  /** Notes `count` things of a kind deleted (`"rolls"`, `"cameras"`…), for the operator's report. */
  deleted(what: string, count: number): void;
}

/** What `deleteForever` deleted, by kind (rows, or stored files where the kind says so). */
export interface DeletionReport {
  userId: string;
  email: string | null;
  deleted: Record<string, number>;
}

const subjectHash = (sub: string) => createHash("sha256").update(sub).digest("hex");
const picturePrefix = (id: string) => `users/${id.replace(/[^a-zA-Z0-9_-]/g, "_")}/`;

export interface UsersDeps {
  db: Kysely<Database>;
  store: ObjectStore;
  signer: UrlSigner;
  entitlements: EntitlementsService;
  /** Told when a user is blocked, unblocked or deleted: the standing a recent request's check read no longer holds. */
  changes?: Pick<AccountChanges, "account">;
}

export function createUsersService({ db, store, signer, entitlements, changes }: UsersDeps) {
  // Subjects already known to exist in this process: spares a write per request.
  const known = new Set<string>();
  /**
   * Runs when an account is deleted for good, before its user row goes: every feature that holds rows or files of
   * the user deletes them there, through its own store. Listeners run in module order; a roll's shots, uploads and
   * share links go with the roll (films), as when one roll is deleted.
   */
  const deleting = createHook<DeletingUser>();
  /**
   * Runs as the caller's profile is built: a later feature fills in the part of it that it owns (labs: a lab
   * account's `lab` and its stores' `integrations`, spec §3), so that users depends on none of them.
   */
  const describing = createHook<{ user: User }>();

  const toUser = async (row: UserRow): Promise<User> => {
    const [plan, usage, storage] = await Promise.all([
      entitlements.planOf(row.id),
      entitlements.usage(row.id, ["rolls", "gear"]),
      entitlements.storage(row.id),
    ]);
    const user: User = {
      user_id: row.id,
      email: row.email,
      role: row.role,
      name: row.name,
      nickname: row.nickname,
      first_name: row.first_name,
      last_name: row.last_name,
      webpage: row.webpage,
      picture: row.picture_key ? signer.sign(`/media/${row.picture_key}`, PICTURE_LINK_TTL_S) : null,
      locale: (row.locale as User["locale"]) ?? null,
      address: (row.address as User["address"]) ?? null,
      shipping: (row.shipping as User["shipping"]) ?? null,
      plan: plan.id,
      max_films_capacity: plan.maxFilms,
      max_gears_capacity: plan.maxGear,
      usage: { films: usage.rolls, gear: usage.gear },
      inactive_since: row.inactive_since?.toISOString() ?? null,
      downgrading_since: row.downgrading_since?.toISOString() ?? null,
      blocked: row.blocked_at !== null,
      storage,
      survey_submitted: row.survey_submitted,
      policy_accepted: row.policy_accepted,
      lab: null,
      integrations: {},
      roll_mail: row.roll_mail,
      guest_mail: row.guest_mail,
    };
    await describing.run({ user });
    return user;
  };

  const load = async (id: string) => {
    const row = await findUser(db, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    /**
     * Creates the caller's user from the token's claims the first time it is seen, and refuses a blocked account
     * (`account-blocked`): one read per request whose checks the caller-checks memo does not hold (decision 0026).
     */
    async ensure(caller: Caller) {
      if (!known.has(caller.sub)) {
        // A deleted account's token may still be valid for a while: it must not create the user again.
        if (await isDeletedSubject(db, subjectHash(caller.sub), new Date())) throw new AppError("unauthorized");
        const locale = LOCALES.find((l) => l === caller.locale) ?? null;
        await ensureUserRow(db, { id: caller.sub, email: caller.email, name: caller.name, role: caller.role, locale });
        // A lab keeps its customers' scans until they are collected: it works with the largest plan's limits.
        if (caller.role === "lab" && (await entitlements.planOf(caller.sub)).id === "free")
          await entitlements.setPlan(caller.sub, "unlimited");
        known.add(caller.sub);
      }
      const standing = await findUserStanding(db, caller.sub);
      if (!standing) {
        // Deleted since this process first saw it (by another instance, or the operator's command).
        known.delete(caller.sub);
        throw new AppError("unauthorized");
      }
      if (standing.blocked_at) throw new AppError("account-blocked");
    },

    deleting,
    describing,

    /**
     * Deletes the user for good, at once: first refuses the subject's tokens, then every feature deletes its rows and
     * files (`deleting`), then the plan, the profile picture and the user row. The sign-in account is identity's.
     */
    async deleteForever(id: string): Promise<DeletionReport> {
      const row = await findUser(db, id);
      const email = row?.email ?? null;
      const now = new Date();
      await rememberDeletedSubject(db, subjectHash(id), new Date(now.getTime() + DELETED_SUBJECT_TTL_MS), now);
      known.delete(id);
      changes?.account(id);
      const deleted: Record<string, number> = {};
      const note = (what: string, count: number) => {
        if (count > 0) deleted[what] = (deleted[what] ?? 0) + count;
      };
      await deleting.run({ userId: id, email, deleted: note });
      note("plans", await entitlements.forget(id));
      await store.deletePrefix(picturePrefix(id));
      note("users", await deleteUserRow(db, id));
      return { userId: id, email, deleted };
    },

    /** The ids of the users a token with this email created (the operator's commands name users by email). */
    async idsByEmail(email: string) {
      return (await findUsersByEmail(db, email)).map((row) => row.id);
    },

    /** Blocks or unblocks a user (operator); nothing else about the account changes. */
    async setBlocked(id: string, blocked: boolean) {
      const row = await updateUserRow(db, id, { blocked_at: blocked ? new Date() : null });
      if (!row) throw notFound();
      changes?.account(id);
    },

    /** Starts (a date) or ends (null) the user's downgrade clean-up; an earlier start is kept. */
    async setDowngrading(id: string, since: Date | null) {
      const row = await findUser(db, id);
      // A plan set for someone never seen by the API (an operator ahead of the first sign-in) has nothing to clean.
      if (!row) return;
      if (since && row.downgrading_since) return;
      if (!since && !row.downgrading_since) return;
      await updateUserRow(db, id, { downgrading_since: since });
    },

    /**
     * Makes the account inactive from `at` (an unpaid renewal, spec §4), or active again (null); an earlier start is
     * kept, so a repeated failure event does not move the due date.
     */
    async setInactive(id: string, at: Date | null) {
      const row = await findUser(db, id);
      if (!row) return;
      if (at && row.inactive_since) return;
      if (!at && !row.inactive_since) return;
      await updateUserRow(db, id, { inactive_since: at });
    },

    /** Since when the user is inactive (null when active); read in `tx` when called inside a transaction. */
    async inactiveSince(id: string, tx: Db = db) {
      return (await findUserStanding(tx, id))?.inactive_since ?? null;
    },

    /** Users inactive since before `before` and since when. */
    async inactiveBefore(before: Date) {
      return (await listInactiveUsersSince(db, before)).map((row) => ({ id: row.id, since: row.inactive_since! }));
    },

    /** Users with a downgrade clean-up under way and since when. */
    async downgrading() {
      return (await listDowngradingUsers(db)).map((row) => ({ id: row.id, since: row.downgrading_since! }));
    },

    /** The caller's profile with plan limits and usage. */
    async get(id: string) {
      return toUser(await load(id));
    },

    /** Applies profile fields, the survey flag and answers; `picture: null` removes the picture and its stored file. */
    async update(id: string, body: UpdateUserBody) {
      const { survey_submitted, survey, address, shipping, picture, ...fields } = body;
      const removedPicture = picture === null ? (await load(id)).picture_key : null;
      const row = await updateUserRow(db, id, {
        ...fields,
        ...(picture === null ? { picture_key: null } : {}),
        ...(address !== undefined ? { address: address === null ? null : JSON.stringify(address) } : {}),
        ...(shipping !== undefined ? { shipping: shipping === null ? null : JSON.stringify(shipping) } : {}),
        ...(survey_submitted ? { survey_submitted: true } : {}),
        ...(survey ? { survey: JSON.stringify(survey) } : {}),
      });
      if (!row) throw notFound();
      // The row no longer points at the file, so a failed delete leaves an orphan, never a broken picture.
      if (removedPicture) await store.delete(removedPicture).catch(() => undefined);
      return toUser(row);
    },

    /** Stores a new profile picture (already checked and re-encoded) and drops the previous one. */
    /** Where the profile picture is stored, or null (the data export copies it). */
    async pictureKey(id: string): Promise<string | null> {
      return (await load(id)).picture_key;
    },

    async setPicture(id: string, webp: Buffer) {
      const previous = (await load(id)).picture_key;
      const key = `${picturePrefix(id)}avatar-${randomUUID()}.webp`;
      await store.put(key, webp, "image/webp");
      await updateUserRow(db, id, { picture_key: key });
      if (previous) await store.delete(previous).catch(() => undefined);
    },

    /** True once the user accepted the privacy policy (rolls may be registered from then on). */
    async hasAcceptedPolicy(id: string) {
      return (await load(id)).policy_accepted;
    },

    async acceptPrivacyPolicy(id: string) {
      const row = await updateUserRow(db, id, { policy_accepted: true, policy_accepted_at: new Date() });
      if (!row) throw notFound();
      return toUser(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
