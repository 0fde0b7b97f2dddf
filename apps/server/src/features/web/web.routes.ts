import { BACKGROUND_COLOR, BRAND_NAME, THEME_COLOR } from "@latent/domain/brand";
import type { FastifyInstance } from "fastify";
import { APP_ICON_SIZES, MASKABLE_ICON_SIZE } from "./app-icons.ts";

/** Crawlers may read the public site, not the user area nor shared rolls and orders (their links are private). */
const ROBOTS = `User-agent: *
Allow: /
Disallow: /u/
Disallow: /film
Disallow: /order
Disallow: /m/

# The one card crawler that honours robots.txt may read a shared roll's page, to preview a link someone posted.
User-agent: Twitterbot
Disallow: /u/
Disallow: /order
Disallow: /m/
`;

/**
 * The web app manifest: installing Latent installs the phone companion (`/m/`, whose service worker has that scope),
 * in the brand's colours, with the brand's icons. The scope stays the whole site, so a sticker's or a shared roll's
 * page opened from the installed app stays in its window.
 */
const MANIFEST = JSON.stringify({
  id: "/m/",
  name: BRAND_NAME,
  short_name: BRAND_NAME,
  description: "Latent keeps your film rolls, scans, cameras and lenses together.",
  lang: "en-US",
  start_url: "/m/",
  scope: "/",
  display: "standalone",
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    ...APP_ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
    {
      src: `/icons/icon-maskable-${MASKABLE_ICON_SIZE}.png`,
      sizes: `${MASKABLE_ICON_SIZE}x${MASKABLE_ICON_SIZE}`,
      type: "image/png",
      purpose: "maskable",
    },
  ],
});

/** `/robots.txt` and `/manifest.webmanifest`: served whether or not the app is built. */
export function webRoutes(app: FastifyInstance) {
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(ROBOTS),
  );
  app.get("/manifest.webmanifest", { schema: { hide: true } }, async (_request, reply) =>
    reply.type("application/manifest+json; charset=utf-8").header("cache-control", "public, max-age=3600").send(MANIFEST),
  );
}
