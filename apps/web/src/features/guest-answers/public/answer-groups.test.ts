import type { OwnerFavourite } from "@latent/domain/guest-answers";
import { describe, expect, it } from "vitest";
import { commentCounts, commentsOn, favouritesByFrame, threads } from "./answer-groups.ts";

const favourite = (shot: string, frame: number, guest: string, at: string, film = "roll-a"): OwnerFavourite => ({
  shot_id: shot,
  film_id: film,
  frame,
  file_name: `scan-${frame}.jpg`,
  guest: { id: guest, name: guest.toUpperCase() },
  link_id: "link",
  created_at: at,
});

const comment = (id: string, at: string, reply_to: string | null = null, shot_id: string | null = null) => ({
  id,
  created_at: at,
  reply_to,
  shot_id,
});

describe("favourites by frame", () => {
  it("lists each favourited frame once in roll order, with every guest once, earliest first", () => {
    const frames = favouritesByFrame([
      favourite("s12", 12, "bea", "2026-11-27T10:05:00Z"),
      favourite("s3", 3, "ana", "2026-11-27T10:01:00Z"),
      favourite("s12", 12, "ana", "2026-11-27T10:02:00Z"),
      favourite("s12", 12, "ana", "2026-11-27T10:09:00Z"),
    ]);
    expect(frames.map((f) => [f.frame, f.fileName, f.guests.map((g) => g.name)])).toEqual([
      [3, "scan-3.jpg", ["ANA"]],
      [12, "scan-12.jpg", ["ANA", "BEA"]],
    ]);
  });

  it("keeps an order's rolls apart: frame 1 of each roll is its own entry", () => {
    const frames = favouritesByFrame([
      favourite("b1", 1, "ana", "2026-11-27T10:00:00Z", "roll-b"),
      favourite("a2", 2, "ana", "2026-11-27T10:00:00Z", "roll-a"),
      favourite("a1", 1, "ana", "2026-11-27T10:00:00Z", "roll-a"),
    ]);
    expect(frames.map((f) => f.shotId)).toEqual(["b1", "a1", "a2"]);
  });
});

describe("comment threads", () => {
  it("puts replies under their comment, oldest first", () => {
    const list = threads([
      comment("reply", "2026-11-27T10:03:00Z", "first"),
      comment("second", "2026-11-27T10:02:00Z"),
      comment("first", "2026-11-27T10:01:00Z"),
    ]);
    expect(list.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ["first", ["reply"]],
      ["second", []],
    ]);
  });

  it("shows a reply whose comment is gone on its own rather than losing it", () => {
    expect(threads([comment("orphan", "2026-11-27T10:03:00Z", "deleted")]).map((t) => t.comment.id)).toEqual(["orphan"]);
  });

  it("tells a frame's comments from the roll's, and counts them per frame", () => {
    const all = [comment("a", "1", null, "s1"), comment("b", "2", null, null), comment("c", "3", null, "s1")];
    expect(commentsOn(all, "s1").map((c) => c.id)).toEqual(["a", "c"]);
    expect(commentsOn(all, null).map((c) => c.id)).toEqual(["b"]);
    expect([...commentCounts(all)]).toEqual([["s1", 2]]);
  });
});
