/**
 * A key that, once taken, cannot be taken again until its window has passed: "one per minute" limits.
 * In memory for one process; in Redis when several instances must share the same limits.
 */
export interface Cooldown {
  /** Takes `key` for `windowMs`; false when it is already taken. */
  take(key: string, windowMs: number): Promise<boolean>;
  /** Gives a key back before its window ends (when a companion key of the same request was refused). */
  release(key: string): Promise<void>;
}
