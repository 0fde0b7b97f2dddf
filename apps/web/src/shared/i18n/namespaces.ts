/** Translation files, one per namespace (`locales/<locale>/<namespace>.json`); each is fetched when a page needs it. */
export const NAMESPACES = [
  "common",
  "errors",
  "landing",
  "dashboard",
  "gear",
  "profile",
  "survey",
  "pricing",
  "contact",
  "newsletter",
  "beta",
  "legal",
  "films",
  "titles",
  "shop",
  "stickers",
  "publicOrder",
  "labsDirectory",
  "lab",
  "orders",
  "account",
  "companion",
  "rollLife",
  "labApiKeys",
  "labWebhooks",
  "orderImport",
  "guestAnswers",
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/** Loaded before the first paint: the layouts, page titles and API errors of every page use them. */
export const SHELL_NAMESPACES = ["common", "errors", "titles"] as const satisfies readonly Namespace[];
