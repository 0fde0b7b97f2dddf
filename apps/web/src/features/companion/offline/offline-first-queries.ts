import type { QueryClient } from "@tanstack/react-query";
import type { MiddlewareFunction } from "react-router";

/**
 * In the companion, queries are sent even while the browser says it is offline: its service worker answers them
 * with the last copy it kept. TanStack Query would otherwise hold them back (network mode "online") and the last
 * rolls opened would never show. Set once the companion is entered, for the rest of the page's life.
 */
export function offlineFirstQueries(queryClient: QueryClient): MiddlewareFunction {
  return () => {
    const defaults = queryClient.getDefaultOptions();
    if (defaults.queries?.networkMode === "offlineFirst") return;
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, networkMode: "offlineFirst" } });
  };
}
