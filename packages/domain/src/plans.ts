const GB = 1024 ** 3;

/**
 * Subscription plans and their limits (spec §9). `null` means no limit. Rolls and gear are the spec's numbers;
 * storage and kept-shot limits are ours (the spec names them without numbers).
 */
export const PLANS = {
  free: { id: "free", maxFilms: 3, maxGear: 1, maxStorageBytes: 5 * GB, maxKeptShots: 36, monthly: { eur: 0, usd: 0 }, earlyNews: false },
  artist: {
    id: "artist",
    maxFilms: 60,
    maxGear: 3,
    maxStorageBytes: 200 * GB,
    maxKeptShots: 2000,
    monthly: { eur: 4.99, usd: 5.49 },
    earlyNews: false,
  },
  unlimited: {
    id: "unlimited",
    maxFilms: null,
    maxGear: null,
    maxStorageBytes: null,
    maxKeptShots: null,
    monthly: { eur: 9.99, usd: 10.99 },
    earlyNews: true,
  },
} as const;

export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

export function planOf(id: string | null | undefined) {
  return PLANS[(id ?? "free") as PlanId] ?? PLANS.free;
}

/** True when one more item fits under a limit (`null` = unlimited). */
export function hasRoomFor(count: number, limit: number | null): boolean {
  return limit === null || count < limit;
}

/** First-subscription discount offered to newsletter subscribers (spec §1, §9). */
export const NEWSLETTER_DISCOUNT_PERCENT = 20;
