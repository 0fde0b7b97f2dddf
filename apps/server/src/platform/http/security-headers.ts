import { createHash } from "node:crypto";
import { paths } from "@latent/domain/app-paths";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "../../config.ts";

/** The embedded provider's sign-out page posts its own form (provider.ts `logoutSource`): its one inline script, allowed by hash. */
export const LOGOUT_SCRIPT = "document.forms[0].submit()";
const scriptHash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

/**
 * The web app signs in silently in a hidden frame (oidc-client-ts `signinSilent`): the provider's endpoints and the
 * page they come back to must be framable by this origin. Everything else, the sign-in pages first, is never framed.
 */
const FRAMABLE_BY_SELF = (path: string) => path === "/oidc" || path.startsWith("/oidc/") || path === paths.callback;

const originOf = (url: string) => new URL(url).origin;

/**
 * One Content-Security-Policy and the usual companion headers for every response (@fastify/helmet), shaped by what
 * the pages really load: the web app (scripts from /assets; Mantine writes `<style>` tags and style attributes;
 * previews of a picked photo are blob: URLs; the realtime socket), swagger-ui at /api/docs (inline style attributes,
 * data: icons), the sign-in and sandbox payment pages (a `<style>` block each). Scripts never run inline except the
 * sign-out form's, allowed by its hash.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, "publicUrl" | "identity" | "errorReports">): void {
  const https = config.publicUrl.startsWith("https:");
  // An external provider is talked to by the browser itself: discovery, keys and tokens (fetch), silent sign-in (frame).
  const external = !config.identity.embedded;
  const issuer = external ? [originOf(config.identity.issuer)] : [];
  const keys = external && config.identity.jwksUrl ? [originOf(config.identity.jwksUrl)] : [];
  const provider = [...new Set([...issuer, ...keys])];
  // The web app's error reports and session replays go to the DSN's host (decision 0041).
  const reports = config.errorReports.webDsn ? [originOf(config.errorReports.webDsn)] : [];
  const directives = {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", scriptHash(LOGOUT_SCRIPT)],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...provider, ...reports],
    frameSrc: ["'self'", ...issuer],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    // Over plain http (a home server on a LAN address) upgrading would break every request.
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Share codes travel in query strings (/film?code=…, /order?code=…): no page hands its address to another site.
    referrerPolicy: { policy: "no-referrer" },
    // HSTS over plain http would be ignored at best and pin a wrong scheme at worst.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Sign-in opens a popup that must keep its opener (oidc-client-ts posts the result back); same-origin would cut it.
    crossOriginOpenerPolicy: false,
    xFrameOptions: { action: "deny" },
  };
  // Built once: @fastify/helmet rebuilt helmet's middleware (and re-parsed the policy) on every request, ≈ 5 % of a
  // roll page's CPU under load (decision 0031).
  const everywhere = helmet(options);
  const framable = helmet({
    ...options,
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, frameAncestors: ["'self'"] } },
    xFrameOptions: { action: "sameorigin" },
  });
  const done = () => undefined;
  app.addHook("onRequest", (request, reply, next) => {
    const apply = FRAMABLE_BY_SELF(request.url.split("?")[0]!) ? framable : everywhere;
    apply(request.raw, reply.raw, done);
    next();
  });
}
