/** Whole seconds left until a cooldown ends (rounded up, so the countdown never shows 0 while still waiting). */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}
