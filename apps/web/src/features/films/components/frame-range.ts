/**
 * Frames typed as photographers list them: "1-12, 15, 20-24" (a dash or an en dash, spaces or not). Answers the
 * frames among `existing` in order, or null when the text is not such a list or names a frame the roll does not have.
 */
export function parseFrameRange(text: string, existing: readonly number[]): number[] | null {
  const have = new Set(existing);
  const chosen = new Set<number>();
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === "")) return null;
  for (const part of parts) {
    const range = /^(\d{1,3})\s*[-–]\s*(\d{1,3})$/.exec(part);
    const single = /^(\d{1,3})$/.exec(part);
    if (!range && !single) return null;
    const from = Number(range ? range[1] : single![1]);
    const to = Number(range ? range[2] : single![1]);
    for (let n = Math.min(from, to); n <= Math.max(from, to); n++) {
      if (!have.has(n)) return null;
      chosen.add(n);
    }
  }
  return [...chosen].sort((a, b) => a - b);
}

/** The shortest way to write frames back ("1-3, 5"). */
export function frameRangeText(frames: readonly number[]): string {
  const sorted = [...new Set(frames)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return runs.join(", ");
}
