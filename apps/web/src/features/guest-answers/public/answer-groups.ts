import type { OwnerFavourite, PublicComment } from "@latent/domain/guest-answers";

/** One favourited frame as its owner sees it: which frame, its file, and who favourited it when. */
export interface FrameFavourites {
  shotId: string;
  filmId: string;
  frame: number;
  fileName: string | null;
  guests: { id: string; name: string; at: string }[];
}

/** The favourites frame by frame (in roll order, rolls in the order first met), each guest once, earliest first. */
export function favouritesByFrame(favourites: readonly OwnerFavourite[]): FrameFavourites[] {
  const frames = new Map<string, FrameFavourites>();
  const rolls: string[] = [];
  for (const favourite of favourites) {
    if (!rolls.includes(favourite.film_id)) rolls.push(favourite.film_id);
    let frame = frames.get(favourite.shot_id);
    if (!frame) {
      frame = { shotId: favourite.shot_id, filmId: favourite.film_id, frame: favourite.frame, fileName: favourite.file_name, guests: [] };
      frames.set(favourite.shot_id, frame);
    }
    // The same guest through two links of a roll still counts once.
    if (!frame.guests.some((guest) => guest.id === favourite.guest.id))
      frame.guests.push({ id: favourite.guest.id, name: favourite.guest.name, at: favourite.created_at });
  }
  for (const frame of frames.values()) frame.guests.sort((a, b) => a.at.localeCompare(b.at));
  return [...frames.values()].sort((a, b) => rolls.indexOf(a.filmId) - rolls.indexOf(b.filmId) || a.frame - b.frame);
}

type Threadable = Pick<PublicComment, "id" | "reply_to" | "created_at">;

/** A comment and the replies to it, oldest first. */
export interface Thread<C> {
  comment: C;
  replies: C[];
}

/**
 * Comments as conversations: each with its replies beneath, oldest first. A reply whose comment is not in the list
 * (deleted, or hidden from this reader) stands on its own, so nothing said goes missing.
 */
export function threads<C extends Threadable>(comments: readonly C[]): Thread<C>[] {
  const byTime = [...comments].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const ids = new Set(byTime.map((c) => c.id));
  const result: Thread<C>[] = [];
  const replies = new Map<string, C[]>();
  for (const comment of byTime) {
    if (comment.reply_to && ids.has(comment.reply_to)) {
      const list = replies.get(comment.reply_to) ?? [];
      list.push(comment);
      replies.set(comment.reply_to, list);
    } else result.push({ comment, replies: [] });
  }
  for (const thread of result) thread.replies = replies.get(thread.comment.id) ?? [];
  return result;
}

/** The comments about one frame (`shotId`), or about the whole roll or order (null). */
export const commentsOn = <C extends Pick<PublicComment, "shot_id">>(comments: readonly C[], shotId: string | null) =>
  comments.filter((comment) => comment.shot_id === shotId);

/** How many comments each frame has, by shot id: the count on a tile. */
export function commentCounts(comments: readonly Pick<PublicComment, "shot_id">[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const comment of comments) if (comment.shot_id) counts.set(comment.shot_id, (counts.get(comment.shot_id) ?? 0) + 1);
  return counts;
}
