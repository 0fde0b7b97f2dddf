import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import type { AppServices } from "./app-services.ts";
import { ROUTE_NAMESPACES, withRouteTexts } from "./route-texts.ts";
import { appRoutes } from "./router.tsx";

const services = { flags: { labs: true, tokens: true, zip: true } } as unknown as AppServices;

/** Every route of the tree by its full path (the layout routes included), as route-texts.ts names them. */
function byPath(routes: RouteObject[], parent = "", found = new Map<string, RouteObject>()) {
  for (const route of routes) {
    const path = route.path === undefined ? parent : route.path.startsWith("/") ? route.path : `${parent}/${route.path}`;
    if (route.lazy && !found.has(path || "/")) found.set(path || "/", route);
    if (route.children) byPath(route.children, path, found);
  }
  return found;
}

describe("the translations each page loads with its code", () => {
  it("are named for routes that exist and load lazily (no stale entry)", () => {
    const lazyRoutes = byPath(appRoutes(services));
    expect(Object.keys(ROUTE_NAMESPACES).filter((path) => !lazyRoutes.has(path))).toEqual([]);
  });

  it("load together with the page's code, and a route without an entry keeps its own loading", async () => {
    const asked: string[][] = [];
    const i18n = { loadNamespaces: async (ns: string | readonly string[]) => void asked.push([ns].flat()) };
    const routes = byPath(withRouteTexts(appRoutes(services), i18n));
    // The roll's component alone is lazy (its loader asks for the roll at once): the texts come with the component.
    const roll = routes.get("/u/films/:filmId")!;
    const lazyRoll = roll.lazy as { Component: () => Promise<RouteObject["Component"]> };
    asked.length = 0;
    expect(await lazyRoll.Component()).toBeTypeOf("function");
    expect(asked).toEqual([["films", "gear", "stickers", "rollLife", "guestAnswers"]]);

    asked.length = 0;
    const films = await (routes.get("/u/films")!.lazy as () => Promise<RouteObject>)();
    expect(films.Component).toBeTypeOf("function");
    expect(asked).toEqual([["films", "gear", "rollLife"]]);

    asked.length = 0;
    await (routes.get("/u/unauthorized")!.lazy as () => Promise<RouteObject>)();
    expect(asked).toEqual([]);
  });
});
