import { paths } from "@latent/domain/app-paths";
import type { Locale } from "@latent/domain/locales";
import { matchRoutes } from "react-router";
import { prefetchTexts } from "../shared/i18n/i18n.ts";
import type { AppServices } from "./app-services.ts";
import { withRouteTexts } from "./route-texts.ts";
import { appRoutes } from "./router.tsx";

/**
 * Starts loading the code and the texts of the page at `pathname` as the app starts, beside the settings and the
 * shell's texts, instead of once those have come and the router asks for them: one round trip less before the
 * first page shows (on a phone's network, ~150 ms each; decision 0052). The modules are the ones the router's
 * `lazy` imports, so it then finds them loaded. The routes are read without the app's services (none is called
 * here); routes behind a feature flag are left out, and load when the router asks.
 */
export function prefetchPageCode(pathname: string, locale: Locale): void {
  const routes = withRouteTexts(appRoutes({ flags: {} } as unknown as AppServices), {
    loadNamespaces: async (namespaces: string | readonly string[]) => {
      await Promise.all([namespaces].flat().map((ns) => prefetchTexts(locale, ns)));
    },
  });
  // The companion's root sends to its rolls (a loader's redirect, not read here): its first screen is theirs.
  const page = pathname.replace(/\/$/, "") === paths.companion.root ? paths.companion.rolls : pathname;
  for (const { route } of matchRoutes(routes, page) ?? []) {
    const load = typeof route.lazy === "function" ? route.lazy : route.lazy?.Component;
    // A failed load here is the router's to report when it asks again.
    if (typeof load === "function") void (load as () => Promise<unknown>)().catch(() => undefined);
  }
}
