import type { ErrorCode } from "./errors.ts";

const GB = 1024 ** 3;

/** Currencies a price is shown and charged in (spec §9). */
export const CURRENCIES = ["eur", "usd"] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Subscription plans and their limits (spec §9). `null` means no limit. Rolls and gear are the spec's numbers;
 * storage and kept-shot limits are ours (the spec names them without numbers). `monthly` is the price as the pricing
 * page shows it; `monthlyMinor` is the same price in integer minor units (cents), the one money is charged in.
 */
export const PLANS = {
  free: {
    id: "free",
    maxFilms: 3,
    maxGear: 1,
    maxStorageBytes: 5 * GB,
    maxKeptShots: 36,
    monthly: { eur: 0, usd: 0 },
    monthlyMinor: { eur: 0, usd: 0 },
    earlyNews: false,
  },
  artist: {
    id: "artist",
    maxFilms: 60,
    maxGear: 3,
    maxStorageBytes: 200 * GB,
    maxKeptShots: 2000,
    monthly: { eur: 4.99, usd: 5.49 },
    monthlyMinor: { eur: 499, usd: 549 },
    earlyNews: false,
  },
  unlimited: {
    id: "unlimited",
    maxFilms: null,
    maxGear: null,
    maxStorageBytes: null,
    maxKeptShots: null,
    monthly: { eur: 9.99, usd: 10.99 },
    monthlyMinor: { eur: 999, usd: 1099 },
    earlyNews: true,
  },
} as const;

export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

export function planOf(id: string | null | undefined) {
  return PLANS[(id ?? "free") as PlanId] ?? PLANS.free;
}

/** True when `n` more (one by default) fit beside `count` under a limit (`null` = unlimited). */
export function hasRoomFor(count: number, limit: number | null, n = 1): boolean {
  return limit === null || count + n <= limit;
}

/** What a plan limits: rolls, pieces of gear (cameras and lenses together), kept shots, and bytes of scans. */
export type Entitlement = "rolls" | "gear" | "kept" | "storage";

const LIMIT_OF = { rolls: "maxFilms", gear: "maxGear", kept: "maxKeptShots", storage: "maxStorageBytes" } as const;

/** The limit a plan sets on one entitlement (`null` = unlimited). */
export function limitOf(planId: string | null | undefined, kind: Entitlement): number | null {
  return planOf(planId)[LIMIT_OF[kind]];
}

/** The error code (domain `errors.ts`) that refuses going over each limit, with the spec's texts. */
export const OVER_LIMIT = {
  rolls: "films-capacity-reached",
  gear: "gear-limit-reached",
  kept: "too-many-kept",
  storage: "not-enough-space",
} as const satisfies Record<Entitlement, ErrorCode>;

/** First-subscription discount offered to newsletter subscribers (spec §1, §9). */
export const NEWSLETTER_DISCOUNT_PERCENT = 20;

/** An amount in minor units less a whole-number percentage, rounded half up to the cent: integer arithmetic only. */
export function discountedMinor(amount: number, percent: number): number {
  return amount - Math.floor((amount * percent + 50) / 100);
}
