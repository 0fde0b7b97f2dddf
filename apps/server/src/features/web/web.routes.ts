import { AFTER_LOGIN_PATH } from "@latent/domain/app-paths";
import { BACKGROUND_COLOR, BRAND_NAME, THEME_COLOR } from "@latent/domain/brand";
import type { FastifyInstance } from "fastify";

/** Crawlers may read the public site, not the user area nor shared rolls and orders (their links are private). */
const ROBOTS = `User-agent: *
Allow: /
Disallow: /u/
Disallow: /film
Disallow: /order

# The one card crawler that honours robots.txt may read a shared roll's page, to preview a link someone posted.
User-agent: Twitterbot
Disallow: /u/
Disallow: /order
`;

/** The web app manifest: installing Latent opens the user area, in the brand's colours, with the brand's icons. */
const MANIFEST = JSON.stringify({
  name: BRAND_NAME,
  short_name: BRAND_NAME,
  description: "Latent keeps your film rolls, scans, cameras and lenses together.",
  lang: "en-US",
  start_url: AFTER_LOGIN_PATH,
  scope: "/",
  display: "standalone",
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [192, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
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
