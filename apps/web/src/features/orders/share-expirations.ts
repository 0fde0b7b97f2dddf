/** Link lifetimes a lab may give an order's link or email, by name (the API takes minutes, at most 30 days). */
export const EXPIRATION_CHOICES = ["day", "week", "month"] as const;
export type ExpirationChoice = (typeof EXPIRATION_CHOICES)[number];

const DAYS: Record<ExpirationChoice, number> = { day: 1, week: 7, month: 30 };

/** The `expiration` query value of a choice, in minutes. */
export const expirationMinutes = (choice: ExpirationChoice) => DAYS[choice] * 24 * 60;

/** A week: long enough to download, short enough for a link sent by email. */
export const DEFAULT_EXPIRATION: ExpirationChoice = "week";
