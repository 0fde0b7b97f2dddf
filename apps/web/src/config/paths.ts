/**
 * Every route path of the web app (spec §2). Routes are declared from `pattern`s; links are built with the
 * functions, so a path is spelled in exactly one place.
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
  user: {
    root: "/u",
    home: "/u/home",
    lab: "/u/lab",
    labGeneral: "/u/lab/general",
    labIntegrations: "/u/lab/lintegrations",
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

/** Where a signed-in user lands when nothing else was asked for (spec §2). */
export const AFTER_LOGIN_PATH = paths.user.home;
