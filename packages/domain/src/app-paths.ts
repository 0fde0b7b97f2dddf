/**
 * Every route path of the web app (spec §2), shared by both sides: the web app's router declares its routes from
 * these `pattern`s and builds links with the functions, and the server answers 200 for these paths and 404 for any
 * other (still with the app, which shows its not-found page). A path is spelled in exactly one place.
 */
export const paths = {
  main: "/",
  about: "/about",
  pricing: "/pricing",
  tokens: "/tokens",
  contact: "/contact",
  film: "/film",
  order: "/order",
  sticker: { pattern: "/sticker/:sticker_hash", to: (hash: string) => `/sticker/${encodeURIComponent(hash)}` },
  purchase: "/purchase",
  privacy: "/privacy",
  terms: "/terms-and-conditions",
  plugins: "/plugins",
  pluginsLrCode: "/plugins/lrcode",
  pluginsLrLogout: "/plugins/lrlogout",
  callback: "/callback",
  /** The phone companion (an installable web app): its service worker's scope is `/m/`, so its pages sit below it. */
  companion: {
    root: "/m",
    rolls: "/m/rolls",
    roll: { pattern: "/m/rolls/:filmId", to: (filmId: string) => `/m/rolls/${encodeURIComponent(filmId)}` },
    scan: "/m/scan",
  },
  user: {
    root: "/u",
    home: "/u/home",
    lab: "/u/lab",
    labGeneral: "/u/lab/general",
    labIntegrations: "/u/lab/lintegrations",
    labApiKeys: "/u/lab/api-keys",
    labWebhooks: "/u/lab/webhooks",
    orders: "/u/orders",
    films: "/u/films",
    film: { pattern: "/u/films/:filmId", to: (filmId: string) => `/u/films/${encodeURIComponent(filmId)}` },
    gear: "/u/gear",
    cameras: "/u/gear/cameras",
    lenses: "/u/gear/lenses",
    labs: "/u/labs",
    shop: "/u/shop",
    subscriptions: "/u/shop/subscriptions",
    tokenPacks: "/u/shop/token-packs",
    shipment: { pattern: "/u/shop/shipment/:shipmentId", to: (id: string) => `/u/shop/shipment/${encodeURIComponent(id)}` },
    shipmentHistory: "/u/shop/shipment-history",
    profile: "/u/profile",
    purchase: { pattern: "/u/purchase/:secret", to: (secret: string) => `/u/purchase/${encodeURIComponent(secret)}` },
    privacy: "/u/privacy",
    unauthorized: "/u/unauthorized",
    welcome: "/u/welcome",
    survey: "/u/survey",
  },
} as const;

/** The search parameter of the lab's order list that opens one order's drawer (`/u/orders?order=<id>`). */
export const ORDER_PARAM = "order";

/** The lab's order list with one order open: where a lab goes back to from one of that order's rolls. */
export const orderInListPath = (orderId: string) => `${paths.user.orders}?${ORDER_PARAM}=${encodeURIComponent(orderId)}`;

/** Where a signed-in user lands when nothing else was asked for (spec §2). */
export const AFTER_LOGIN_PATH = paths.user.home;

/**
 * Where a sign-up started from the public site lands: the shop in welcome mode (spec §2), which offers the plans and
 * a plain "continue with Free" to the dashboard. A sign-up begun on a protected page or for a plan keeps its target.
 */
export const AFTER_SIGNUP_PATH = paths.user.welcome;

type PathTree = { readonly [key: string]: string | { readonly pattern: string } | PathTree };

function patternsOf(tree: PathTree): string[] {
  return Object.values(tree).flatMap((value) => {
    if (typeof value === "string") return [value];
    if ("pattern" in value && typeof value.pattern === "string") return [value.pattern];
    return patternsOf(value as PathTree);
  });
}

/**
 * Every path the web app has a page (or a redirect) for, as route patterns (`:name` matches one segment). Pages
 * behind a feature flag are included whatever the flags: a browser may turn a flag on for itself (spec §3).
 */
export const APP_PATH_PATTERNS: readonly string[] = patternsOf(paths);

const segments = (path: string) => path.split("/").filter((s) => s !== "");

/** Whether the web app has a page at `pathname` (no query string; a trailing slash does not matter). */
export function isAppPath(pathname: string): boolean {
  const given = segments(pathname);
  return APP_PATH_PATTERNS.some((pattern) => {
    const wanted = segments(pattern);
    return wanted.length === given.length && wanted.every((segment, i) => segment.startsWith(":") || segment === given[i]);
  });
}
