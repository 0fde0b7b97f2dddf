import { readFileSync } from "node:fs";
import { APP_PATH_PATTERNS } from "@latent/domain/app-paths";
import { THEME_COLOR } from "@latent/domain/brand";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import type { AppServices } from "./app-services.ts";
import { appRoutes } from "./router.tsx";

/** Full paths of the routes that show something (a screen or a redirect), and whether they name a page title. */
function walk(routes: RouteObject[], parent = "") {
  const found: { path: string; titled: boolean }[] = [];
  for (const route of routes) {
    const path = route.path === undefined ? parent : route.path.startsWith("/") ? route.path : `${parent}/${route.path}`;
    const page = Boolean(route.lazy || route.element || route.Component || route.loader) && !route.children;
    if (page) found.push({ path: path || "/", titled: Boolean((route.handle as { title?: string } | undefined)?.title) });
    if (route.children) found.push(...walk(route.children, path));
  }
  return found;
}

const services = (flags: AppServices["flags"]) => ({ flags }) as unknown as AppServices;
const allOn = walk(appRoutes(services({ labs: true, tokens: true, zip: true })));
const redirects = new Set(["/u", "/u/lab", "/u/gear", "/u/shop", "/plugins", "/m"]);

describe("the app's routes", () => {
  it("are exactly the domain's paths, which the server answers 200 for (with every flag on)", () => {
    const declared = allOn.map((r) => r.path).filter((p) => !p.endsWith("*"));
    expect(declared.sort()).toEqual([...APP_PATH_PATTERNS].sort());
  });

  it("give every page a document title, the not-found pages included", () => {
    const untitled = allOn.filter((r) => !r.titled && !redirects.has(r.path)).map((r) => r.path);
    expect(untitled).toEqual([]);
    expect(allOn.filter((r) => r.path.endsWith("*")).every((r) => r.titled)).toBe(true);
  });

  it("without flags, leave out the flagged pages, which stay known paths (a browser may turn a flag on for itself)", () => {
    const paths = walk(appRoutes(services({ labs: false, tokens: false, zip: false }))).map((r) => r.path);
    expect(paths).not.toContain("/u/labs");
    expect(APP_PATH_PATTERNS).toContain("/u/labs");
  });
});

describe("the app's page", () => {
  const html = readFileSync(new URL("../../index.html", import.meta.url), "utf8");

  it("links the web app manifest and the icon, in the brand's colour", () => {
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" />`);
  });

  it("marks the site's own link preview, which the server replaces for a shared roll", () => {
    expect(html).toMatch(/<!-- link-preview[^>]*-->[\s\S]*og:title[\s\S]*<!-- \/link-preview -->/);
  });
});
