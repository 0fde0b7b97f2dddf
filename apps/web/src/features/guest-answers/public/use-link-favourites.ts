import { useCallback, useMemo } from "react";
import { useGuestSession } from "./guest-session.tsx";

/**
 * A roll's favourites as its gallery and lightbox take them, by shot index (the session keeps shot ids): the set
 * and the toggle, both undefined where the link takes no answers.
 */
export function useLinkFavourites(shots: readonly { id: string; index: number }[]) {
  const session = useGuestSession();
  const favourites = useMemo(
    () => (session ? new Set(shots.filter((shot) => session.isFavourite(shot.id)).map((shot) => shot.index)) : undefined),
    [session, shots],
  );
  // Stable while the roll and the session hold, so the tiles' memo holds too.
  const toggle = useCallback(
    (index: number) => {
      const shot = shots.find((s) => s.index === index);
      if (shot && session) session.toggleFavourite(shot.id, index);
    },
    [session, shots],
  );
  return { favourites, onToggleFavourite: session ? toggle : undefined };
}
