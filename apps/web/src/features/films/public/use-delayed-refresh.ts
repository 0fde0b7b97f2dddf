import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";

/**
 * Spec §8: an image whose signed link is refused (401/403: it expired) waits 2 seconds, then fresh links are fetched
 * and it is tried once more. An <img> does not tell the status, so any failed image counts as a stale link.
 */
export const STALE_LINK_DELAY_MS = 2000;

/** Fetches `queryKey` again after `delay` ms, however many times it is asked meanwhile. */
export function useDelayedRefresh(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (delay: number) => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: key.current });
      }, delay);
    },
    [queryClient],
  );
}
