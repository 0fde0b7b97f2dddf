import { createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { SHARE_FREE_MAX_MINUTES, SHARE_NEVER_EXPIRES_AT, type ShareSettings } from "@latent/domain/films";
import { UNLOCK_COOKIE_PREFIX } from "@latent/domain/guest-answers";
import type { Cooldown } from "../cooldown/cooldown.ts";
import { AppError } from "./app-error.ts";
import { type CookieOptions, serializeCookie } from "./cookies.ts";

/**
 * The controls a public link carries (issue 31), shared by a roll's share links and an order's link: its expiry from a
 * preset or a date, a password (scrypt, a salt per link) asked once per browser session, and the rate limit on wrong
 * passwords. Each feature keeps the columns of its own links; this holds the rules.
 */

// scrypt, memory-hard and built into Node: N=2^15, r=8 costs 32 MiB and about a tenth of a second per guess.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

export async function hashLinkPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("base64url")}$${(await derive(password, salt)).toString("base64url")}`;
}

export async function verifyLinkPassword(password: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, "base64url"));
  const expected = Buffer.from(hash, "base64url");
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Wrong passwords: per client and link in 5 minutes, and per link in an hour (from anywhere). */
export const UNLOCK_LIMITS = {
  perClient: { attempts: 5, windowMs: 5 * 60_000 },
  perLink: { attempts: 50, windowMs: 3600_000 },
} as const;

const PRESET_MINUTES = { "1d": 24 * 60, "7d": 7 * 24 * 60, "30d": 30 * 24 * 60 } as const;
const NEVER = new Date(SHARE_NEVER_EXPIRES_AT);
const TEN_YEARS_MS = 10 * 366 * 24 * 3600_000;

export const isNeverExpiring = (expiresAt: Date) => expiresAt.getTime() >= NEVER.getTime();

/**
 * When a link ends, from its settings' `expiry` preset or `expires_at` date, else `minutes` (the `?expiration=` of
 * the first API); null when the settings say nothing and no minutes are given (an edit keeping its expiry). "Never"
 * and anything beyond 30 days need a paid plan (`paid`).
 */
export function linkExpiry(settings: ShareSettings, minutes: number | null, nowMs: number, paid: boolean): Date | null {
  let at: Date | null = null;
  if (settings.expiry === "never") at = NEVER;
  else if (settings.expiry) at = new Date(nowMs + PRESET_MINUTES[settings.expiry] * 60_000);
  else if (settings.expires_at) {
    at = new Date(settings.expires_at);
    if (at.getTime() <= nowMs || at.getTime() > nowMs + TEN_YEARS_MS) {
      throw new AppError("bad-request", "expires_at: must be a moment in the future, within ten years", { expires_at: "not valid" });
    }
  } else if (minutes !== null) at = new Date(nowMs + minutes * 60_000);
  if (at && !paid && at.getTime() - nowMs > SHARE_FREE_MAX_MINUTES * 60_000) throw new AppError("share-expiry-needs-plan");
  return at;
}

/** A link's password state as its feature stores it. */
export interface LockedLink {
  id: string;
  passwordHash: string | null;
  passwordGeneration: number;
  expiresAt: Date;
}

/**
 * Unlocks of password links: a signed cookie per link (`latent_unlock_<link id>`, Path=/api/public, HttpOnly, a
 * session cookie) holding the password's generation and an end no later than the link's. Changing the password
 * moves the generation on, so every earlier unlock ends at once.
 */
export function createLinkLocks(deps: { secret: string; cooldown: Cooldown; secure: boolean; now?: () => number }) {
  const now = deps.now ?? (() => Date.now());
  const sign = (linkId: string, generation: number, until: number) =>
    createHmac("sha256", deps.secret).update(`link-unlock\n${linkId}\n${generation}\n${until}`).digest("base64url");
  const cookieName = (linkId: string) => `${UNLOCK_COOKIE_PREFIX}${linkId}`;

  const cookieOptions = (maxAge?: number): CookieOptions => ({
    path: "/api/public",
    secure: deps.secure,
    ...(maxAge === undefined ? {} : { maxAge }),
  });
  const takeSlot = async (key: string, n: number, windowMs: number) => {
    for (let i = 1; i <= n; i++) if (await deps.cooldown.take(`${key}:${i}`, windowMs)) return `${key}:${i}`;
    return null;
  };

  return {
    /** Options of the cookies a link's visitor is given (Path=/api/public, Secure on an https site). */
    cookieOptions,

    /** Refuses a password link's content (401 share-password-required) without an unlock of its current password. */
    assertUnlocked(link: LockedLink, cookies: Record<string, string>) {
      if (!link.passwordHash) return;
      const [generation, until, signature] = (cookies[cookieName(link.id)] ?? "").split(".");
      const expected = sign(link.id, Number(generation), Number(until));
      const fresh = Number(generation) === link.passwordGeneration && Number(until) * 1000 > now();
      if (!signature || !fresh || signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
        throw new AppError("share-password-required");
      }
    },

    /**
     * Checks a password against the link's; answers the Set-Cookie of its unlock, or null for a link without one.
     * The slots are taken before hashing, so a burst of guesses costs at most the limit's hashes; a right password
     * gives its slots back (only wrong ones count).
     */
    async unlock(link: LockedLink, password: string, client: string): Promise<string | null> {
      if (!link.passwordHash) return null;
      const { perClient, perLink } = UNLOCK_LIMITS;
      const clientSlot = await takeSlot(`link-unlock:${link.id}:${client}`, perClient.attempts, perClient.windowMs);
      if (!clientSlot) throw new AppError("share-password-attempts").retryAfter(perClient.windowMs / 1000);
      const linkSlot = await takeSlot(`link-unlock:${link.id}`, perLink.attempts, perLink.windowMs);
      if (!linkSlot) {
        await deps.cooldown.release(clientSlot);
        throw new AppError("share-password-attempts").retryAfter(perLink.windowMs / 1000);
      }
      if (!(await verifyLinkPassword(password, link.passwordHash))) throw new AppError("share-password-wrong");
      await deps.cooldown.release(clientSlot);
      await deps.cooldown.release(linkSlot);
      // A browser session at most, and never past the link; a day bounds a session left open for ever.
      const until = Math.floor(Math.min(link.expiresAt.getTime(), now() + 24 * 3600_000) / 1000);
      return serializeCookie(
        cookieName(link.id),
        `${link.passwordGeneration}.${until}.${sign(link.id, link.passwordGeneration, until)}`,
        cookieOptions(),
      );
    },
  };
}

export type LinkLocks = ReturnType<typeof createLinkLocks>;
