import { useCallback, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { closeLightbox, nextLightboxEntry, searchWithShot, shotOfSearch } from "./shot-url.ts";

/** The shot open in the lightbox, read from and written to the address (see shot-url.ts). */
export function useShotInUrl() {
  const location = useLocation();
  const navigate = useNavigate();
  const openIndex = shotOfSearch(location.search);
  // The callbacks read the latest location but keep their identity, so the gallery's tiles do not render again.
  const current = useRef({ location, openIndex });
  current.current = { location, openIndex };
  // A second close before the first one's navigation lands would go back once too often.
  const closedAt = useRef<string | null>(null);

  const show = useCallback(
    (index: number) => {
      const { location, openIndex } = current.current;
      if (index === openIndex) return;
      void navigate(
        { pathname: location.pathname, search: searchWithShot(location.search, index), hash: location.hash },
        { state: nextLightboxEntry(location.state, openIndex !== null) },
      );
    },
    [navigate],
  );

  const close = useCallback(() => {
    const { location, openIndex } = current.current;
    if (openIndex === null || closedAt.current === location.key) return;
    closedAt.current = location.key;
    const move = closeLightbox(location.state);
    if ("back" in move) void navigate(-move.back);
    else
      void navigate({ pathname: location.pathname, search: searchWithShot(location.search, null), hash: location.hash }, { replace: true });
  }, [navigate]);

  return { openIndex, show, close };
}
