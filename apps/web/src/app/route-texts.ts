import type { i18n as I18n } from "i18next";
import type { RouteObject } from "react-router";
import type { Namespace } from "../shared/i18n/namespaces.ts";

/**
 * The translation namespaces each lazily loaded route shows, beyond the shell's (common, errors, titles), by its
 * full path pattern. They load together with the route's code, so a page never shows its keys while its texts
 * arrive and the landing does not download the user area's texts. A route left out still works: react-i18next
 * then fetches a namespace the first time a component asks for it.
 */
export const ROUTE_NAMESPACES: Readonly<Record<string, readonly Namespace[]>> = {
  "/": ["landing", "account", "films"],
  "/about": ["landing", "beta", "gear"],
  "/pricing": ["pricing"],
  "/tokens": ["landing"],
  "/contact": ["contact"],
  "/film": ["films", "gear", "rollLife", "guestAnswers"],
  "/order": ["publicOrder", "films", "gear", "rollLife", "guestAnswers"],
  "/purchase": ["shop"],
  "/sticker/:sticker_hash": ["stickers"],
  "/privacy": ["legal"],
  "/terms-and-conditions": ["legal"],
  "/plugins/lrcode": ["landing"],
  "/plugins/lrlogout": ["landing"],
  "/u": ["account"],
  "/u/home": ["dashboard"],
  "/u/lab": ["lab"],
  "/u/lab/webhooks": ["labWebhooks"],
  "/u/lab/api-keys": ["labApiKeys"],
  "/u/orders": ["orders", "films", "gear", "rollLife", "guestAnswers", "orderImport"],
  "/u/films": ["films", "gear", "rollLife"],
  "/u/films/:filmId": ["films", "gear", "stickers", "rollLife", "guestAnswers"],
  "/u/gear": ["gear"],
  "/u/labs": ["labsDirectory"],
  "/u/shop": ["shop", "pricing"],
  "/u/profile": ["profile", "account", "shop", "guestAnswers"],
  "/u/purchase/:secret": ["shop"],
  "/u/privacy": ["profile", "landing"],
  "/u/welcome": ["shop", "pricing"],
  "/u/survey": ["survey", "gear"],
  "/m": ["companion"],
  "/m/rolls": ["companion", "orders"],
  "/m/rolls/:filmId": ["companion", "films", "gear"],
  "/m/scan": ["companion", "rollLife"],
};

const fullPath = (route: RouteObject, parent: string) =>
  route.path === undefined ? parent : route.path.startsWith("/") ? route.path : `${parent}/${route.path}`;

/** The route tree with each listed route's `lazy` also loading its namespaces, in parallel with its code. */
export function withRouteTexts(routes: RouteObject[], i18n: Pick<I18n, "loadNamespaces">, parent = ""): RouteObject[] {
  return routes.map((route) => {
    const path = fullPath(route, parent);
    const next = { ...route } as RouteObject;
    if (route.children) next.children = withRouteTexts(route.children, i18n, path);
    const namespaces = ROUTE_NAMESPACES[path || "/"];
    const { lazy } = route;
    if (typeof lazy === "function" && namespaces) {
      next.lazy = async () => (await Promise.all([lazy(), i18n.loadNamespaces(namespaces)]))[0];
    } else if (typeof lazy === "object" && lazy.Component && namespaces) {
      // Only the component is lazy: the texts come with it, and loaders and guards still need neither.
      const component = lazy.Component;
      next.lazy = { ...lazy, Component: async () => (await Promise.all([component(), i18n.loadNamespaces(namespaces)]))[0] };
    }
    return next;
  });
}
