import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import { serveWebApp, type WebApp } from "./spa.ts";
import { webRoutes } from "./web.routes.ts";

/**
 * The built web app (its pages, with link previews that later features add), `/robots.txt` and the web app
 * manifest. Registered before the other features: the error handling needs its not-found page.
 */
export async function webModule(root: FastifyInstance, config: Pick<Config, "webDist" | "publicUrl">): Promise<WebApp> {
  webRoutes(root);
  return serveWebApp(root, { dist: config.webDist, publicUrl: config.publicUrl });
}
