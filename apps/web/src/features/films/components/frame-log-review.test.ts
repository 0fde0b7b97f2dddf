import type { FrameLogPreview } from "@latent/domain/frame-logs/frame-log-api";
import { describe, expect, it } from "vitest";
import { applyBody, initialChoice, reviewedPairs } from "./frame-log-review.ts";

const preview = (frames: number[], pairs: [number, number][], offset = 0): FrameLogPreview => ({
  format: "exif-notes-json",
  rolls: [],
  roll: 0,
  frames: frames.map((frame) => ({ frame, exposure: { aperture: frame }, camera: null, lens: null })),
  pairs: pairs.map(([frame, index]) => ({ frame, index })),
  unmatched_frames: [],
  unmatched_shots: [],
  offset,
  reversed: false,
  reasons: [],
  needs_review: true,
});

describe("reviewing a frame log's pairs", () => {
  const log = preview(
    [0, 1, 2, 3],
    [
      [1, 1],
      [2, 2],
      [3, 3],
    ],
  );
  const shots = [1, 2, 3, 4];

  it("shows the proposal as it came, with frame 0 and shot 4 left without a partner", () => {
    const shown = reviewedPairs(log, shots, initialChoice(log));
    expect(shown.pairs.map((p) => [p.frame, p.index])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(shown.leftFrames).toEqual([0]);
    expect(shown.leftShots).toEqual([4]);
  });

  it("shifts every pair by one shot, taking in the frame that then meets a scan", () => {
    const shown = reviewedPairs(log, shots, { ...initialChoice(log), offset: 1 });
    expect(shown.pairs.map((p) => [p.frame, p.index])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(shown.leftFrames).toEqual([]);
    expect(reviewedPairs(log, shots, { ...initialChoice(log), offset: -1 }).pairs.map((p) => p.index)).toEqual([1, 2]);
  });

  it("takes an unpaired frame out of what is written, with its own exposure kept for the rest", () => {
    const shown = reviewedPairs(log, shots, { ...initialChoice(log), unpaired: new Set([2]) });
    expect(shown.leftShots).toEqual([2, 4]);
    expect(applyBody(log, shown.pairs)).toEqual({
      pairs: [
        { frame: 1, index: 1, exposure: { aperture: 1 } },
        { frame: 3, index: 3, exposure: { aperture: 3 } },
      ],
    });
  });

  it("pairs the last logged frame with the first scan when the camera counts down", () => {
    const shown = reviewedPairs(log, shots, { ...initialChoice(log), reversed: true, offset: 1 });
    expect(shown.pairs[0]).toEqual({ frame: 3, index: 1 });
  });
});
