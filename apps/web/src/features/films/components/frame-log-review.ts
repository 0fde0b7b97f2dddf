import type { FrameLogPreview } from "@latent/domain/frame-logs/frame-log-api";
import { pairFrames } from "@latent/domain/frame-logs/match-frames";

/** What the photographer changed of a proposal: the shift, the counting direction, the pairs taken out. */
export interface ReviewChoice {
  offset: number;
  reversed: boolean;
  unpaired: ReadonlySet<number>;
}

export const initialChoice = (preview: FrameLogPreview): ReviewChoice => ({
  offset: preview.offset,
  reversed: preview.reversed,
  unpaired: new Set(),
});

/**
 * The pairs as the review shows them: the proposal re-made with the chosen shift and direction (the server's own rule),
 * less the frames taken out; with the logged frames and the scans left without a partner.
 */
export function reviewedPairs(preview: FrameLogPreview, shotIndexes: readonly number[], choice: ReviewChoice) {
  const unchanged = choice.offset === preview.offset && choice.reversed === preview.reversed;
  const made = unchanged
    ? preview.pairs
    : pairFrames(
        preview.frames.map((f) => f.frame),
        shotIndexes,
        choice,
      );
  const pairs = made.filter((p) => !choice.unpaired.has(p.frame));
  const pairedFrames = new Set(pairs.map((p) => p.frame));
  const pairedShots = new Set(pairs.map((p) => p.index));
  return {
    pairs,
    leftFrames: [...new Set(preview.frames.map((f) => f.frame))].filter((f) => !pairedFrames.has(f)).sort((a, b) => a - b),
    leftShots: [...new Set(shotIndexes)].filter((i) => !pairedShots.has(i)).sort((a, b) => a - b),
  };
}

/** The body of apply: each kept pair with the exposure its logged frame carries (the first one logged under that number). */
export function applyBody(preview: FrameLogPreview, pairs: readonly { frame: number; index: number }[]) {
  return {
    pairs: pairs.map(({ frame, index }) => ({ frame, index, exposure: preview.frames.find((f) => f.frame === frame)!.exposure })),
  };
}
