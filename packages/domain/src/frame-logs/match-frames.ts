/** Why a proposed matching needs the photographer's eye before anything is written. */
export const MATCH_REASONS = ["counts-differ", "shifted", "reversed", "duplicate-frames", "unmatched"] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** How the log's numbers run against the scans: found from the log's times, or said by the photographer. */
export const MATCH_ORDERS = ["auto", "forward", "reverse"] as const;
export type MatchOrder = (typeof MATCH_ORDERS)[number];

export interface FrameMatch {
  /** Log frame → shot index, in log frame order. */
  pairs: { frame: number; index: number }[];
  unmatched_frames: number[];
  unmatched_shots: number[];
  /** Added to the log's number (after reversing) to give the shot index: +1 when the log counts from 0. */
  offset: number;
  reversed: boolean;
  reasons: MatchReason[];
  needs_review: boolean;
}

/** The shifts tried between the log's numbers and the scans', nearest first (a roll started at 00, 0 or 1; a lost leader). */
const SHIFTS = [1, -1, 2, -2];

/**
 * A camera that counts down (36 … 1) logs its first picture under the highest number: the log's times run backwards
 * as the numbers go up. Said only when most dated neighbours agree, and at least two do.
 */
function countsDown(frames: readonly { frame: number; taken_at?: string | null }[]): boolean {
  const dated = frames
    .filter((f) => f.taken_at && !Number.isNaN(Date.parse(f.taken_at)))
    .sort((a, b) => a.frame - b.frame)
    .map((f) => Date.parse(f.taken_at!));
  let down = 0;
  let up = 0;
  for (let i = 1; i < dated.length; i++) {
    if (dated[i]! < dated[i - 1]!) down++;
    else if (dated[i]! > dated[i - 1]!) up++;
  }
  return down >= 2 && down > up;
}

/**
 * The pairs one way of counting gives: each logged number (once) with the shot at its number (mirrored for a camera
 * counting down) plus `offset`, where that shot exists. The review screen re-pairs with it when the photographer shifts
 * or reverses the proposal.
 */
export function pairFrames(
  frames: readonly number[],
  shotIndexes: readonly number[],
  how: { offset: number; reversed: boolean },
): { frame: number; index: number }[] {
  const unique = [...new Set(frames)].sort((a, b) => a - b);
  const shots = new Set(shotIndexes);
  const low = unique[0] ?? 0;
  const high = unique.at(-1) ?? 0;
  return unique
    .map((frame) => ({ frame, index: (how.reversed ? low + high - frame : frame) + how.offset }))
    .filter((pair) => shots.has(pair.index))
    .sort((a, b) => (how.reversed ? b.frame - a.frame : a.frame - b.frame));
}

/**
 * Pairs a log's frames with a roll's scanned shots by number (issue 28). Frames 00 and 0, a log starting one or two
 * frames off, and a camera counting down are found by trying the shifts (±2) and the reversed order and keeping the
 * one that pairs most (no shift on a tie); a number logged twice pairs once. Anything but an exact one-to-one match
 * says `needs_review` with its reasons: never a silent guess.
 */
export function matchFrames(
  frames: readonly { frame: number; taken_at?: string | null }[],
  shotIndexes: readonly number[],
  order: MatchOrder = "auto",
): FrameMatch {
  const seen = new Set<number>();
  const unique: number[] = [];
  const duplicates: number[] = [];
  for (const f of frames) {
    if (seen.has(f.frame)) duplicates.push(f.frame);
    else {
      seen.add(f.frame);
      unique.push(f.frame);
    }
  }
  unique.sort((a, b) => a - b);
  const shots = new Set(shotIndexes);
  const reversed = order === "reverse" || (order === "auto" && countsDown(frames));

  // No shift unless one pairs strictly more.
  let offset = 0;
  let pairs = pairFrames(unique, shotIndexes, { offset, reversed });
  for (const shift of SHIFTS) {
    const tried = pairFrames(unique, shotIndexes, { offset: shift, reversed });
    if (tried.length > pairs.length) {
      offset = shift;
      pairs = tried;
    }
  }
  const pairedFrames = new Set(pairs.map((p) => p.frame));
  const pairedShots = new Set(pairs.map((p) => p.index));
  const unmatched_frames = [...unique.filter((f) => !pairedFrames.has(f)), ...duplicates].sort((a, b) => a - b);
  const unmatched_shots = [...shots].filter((i) => !pairedShots.has(i)).sort((a, b) => a - b);

  const reasons: MatchReason[] = [];
  if (unique.length !== shots.size) reasons.push("counts-differ");
  if (offset !== 0) reasons.push("shifted");
  if (reversed) reasons.push("reversed");
  if (duplicates.length > 0) reasons.push("duplicate-frames");
  if (unmatched_frames.length > 0 || unmatched_shots.length > 0) reasons.push("unmatched");
  return { pairs, unmatched_frames, unmatched_shots, offset, reversed, reasons, needs_review: reasons.length > 0 };
}
