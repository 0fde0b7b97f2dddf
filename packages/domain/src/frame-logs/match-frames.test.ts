import { describe, expect, it } from "vitest";
import { matchFrames } from "./match-frames.ts";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const logged = (numbers: number[]) => numbers.map((frame) => ({ frame }));

describe("pairing logged frames with scanned shots", () => {
  it("pairs frame n with shot n when the log and the scans agree, with nothing to review", () => {
    const match = matchFrames(logged(range(1, 36)), range(1, 36));
    expect(match.pairs).toHaveLength(36);
    expect(match.pairs[2]).toEqual({ frame: 3, index: 3 });
    expect(match).toMatchObject({
      unmatched_frames: [],
      unmatched_shots: [],
      offset: 0,
      reversed: false,
      reasons: [],
      needs_review: false,
    });
  });

  it("shifts a log counted from 0 onto scans counted from 1, and asks for a review", () => {
    const match = matchFrames(logged(range(0, 35)), range(1, 36));
    expect(match.offset).toBe(1);
    expect(match.pairs[0]).toEqual({ frame: 0, index: 1 });
    expect(match.pairs.at(-1)).toEqual({ frame: 35, index: 36 });
    expect(match.needs_review).toBe(true);
    expect(match.reasons).toEqual(["shifted"]);
  });

  it("keeps frame 0 unmatched when the other frames line up with the scans", () => {
    const match = matchFrames(logged(range(0, 36)), range(1, 36));
    expect(match.offset).toBe(0);
    expect(match.pairs).toHaveLength(36);
    expect(match.unmatched_frames).toEqual([0]);
    expect(match.reasons).toEqual(["counts-differ", "unmatched"]);
  });

  it("lists the frames logged but not scanned, and the scans not logged", () => {
    const more = matchFrames(logged(range(1, 38)), range(1, 36));
    expect(more.unmatched_frames).toEqual([37, 38]);
    expect(more.needs_review).toBe(true);
    const fewer = matchFrames(logged([1, 2, 4]), range(1, 5));
    expect(fewer.pairs.map((p) => p.index)).toEqual([1, 2, 4]);
    expect(fewer.unmatched_shots).toEqual([3, 5]);
    expect(fewer.reasons).toEqual(["counts-differ", "unmatched"]);
  });

  it("pairs a number logged twice once, and says so", () => {
    const match = matchFrames(logged([1, 2, 2, 3]), range(1, 3));
    expect(match.pairs.map((p) => p.frame)).toEqual([1, 2, 3]);
    expect(match.unmatched_frames).toEqual([2]);
    expect(match.reasons).toContain("duplicate-frames");
    expect(match.needs_review).toBe(true);
  });

  it("finds a camera counting down from its times, and pairs its first picture with the first scan", () => {
    const frames = range(1, 5).map((frame) => ({ frame, taken_at: `2026-08-14T1${5 - frame}:00:00+02:00` }));
    const match = matchFrames(frames, range(1, 5));
    expect(match.reversed).toBe(true);
    expect(match.pairs[0]).toEqual({ frame: 5, index: 1 });
    expect(match.pairs.at(-1)).toEqual({ frame: 1, index: 5 });
    expect(match.reasons).toEqual(["reversed"]);
    expect(matchFrames(frames, range(1, 5), "forward").pairs[0]).toEqual({ frame: 1, index: 1 });
  });

  it("takes the photographer's word for a reversed roll, and does not guess one from a single late frame", () => {
    expect(matchFrames(logged(range(1, 4)), range(1, 4), "reverse").pairs[0]).toEqual({ frame: 4, index: 1 });
    const oneOff = [1, 2, 3, 4].map((frame) => ({ frame, taken_at: `2026-08-14T1${frame === 2 ? 9 : frame}:00:00Z` }));
    expect(matchFrames(oneOff, range(1, 4)).reversed).toBe(false);
    const twoFrames = [
      { frame: 1, taken_at: "2026-08-14T12:00:00Z" },
      { frame: 2, taken_at: "2026-08-14T11:00:00Z" },
    ];
    expect(matchFrames(twoFrames, range(1, 2)).reversed).toBe(false);
  });
});
