/**
 * The third-stop film speeds of camera dials and light meters (ISO 6, 12, 25, 50, 100, 125, 160 …): the numbers a
 * photographer sets, and so the ones written on a pushed or pulled roll ("Tri-X @ 1600").
 */
export const ISO_SPEED_SCALE = [
  1, 1.2, 1.6, 2, 2.5, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 32, 40, 50, 64, 80, 100, 125, 160, 200, 250, 320, 400, 500, 640, 800, 1000, 1250,
  1600, 2000, 2500, 3200, 4000, 5000, 6400, 8000, 10000, 12800, 16000, 20000, 25600, 32000, 40000, 51200, 64000, 80000, 102400,
] as const;

/** Half a third of a stop: how far past either end of the scale a value still counts as the end's speed. */
const HALF_THIRD = 2 ** (1 / 6);

/**
 * The exposure index a roll was shot at: box speed × 2^push_pull, said the way photographers say it, as the nearest
 * (in stops) speed of the third-stop scale (ISO 400 +1 → 800, ISO 640 +1 → 1250, ISO 100 −3 → 12). Box speed itself
 * (no push or pull) is returned unchanged, even when it is not on the scale. Beyond the scale (a pull below ISO 1,
 * a push past 102400) the product is kept, to two significant digits.
 */
export function exposureIndex(iso: number, pushPull: number): number {
  if (pushPull === 0) return iso;
  const exact = iso * 2 ** pushPull;
  if (exact < ISO_SPEED_SCALE[0] / HALF_THIRD || exact > ISO_SPEED_SCALE[ISO_SPEED_SCALE.length - 1]! * HALF_THIRD) {
    return Number(exact.toPrecision(2));
  }
  const stops = (speed: number) => Math.abs(Math.log2(exact / speed));
  return ISO_SPEED_SCALE.reduce((best, speed) => (stops(speed) < stops(best) ? speed : best));
}
