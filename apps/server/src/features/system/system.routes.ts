import type { FeatureFlags } from "@latent/domain/api";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";

/** Health probes and the public settings the web app starts with. */
export function systemRoutes(app: FastifyInstance, deps: { ping: () => Promise<void>; config: Config }) {
  const { ping, config } = deps;
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    try {
      await ping();
      return { status: "ok", database: "ok" };
    } catch (err) {
      request.log.error({ err }, "database not ready");
      return reply.status(503).send({ status: "unavailable", database: "unreachable" });
    }
  });

  const settings = {
    identity: {
      authority: config.identity.issuer,
      client_id: config.identity.clientId,
      audience: config.identity.audience,
      organization: config.identity.organization,
      roles_claim: config.identity.rolesClaim,
      embedded: config.identity.embedded,
      registration_open: config.identity.registrationOpen,
    },
    flags: config.flags satisfies FeatureFlags,
    app_store_urls: config.appStoreUrls,
    error_path: config.errorPath,
    // The browser's own DSN (public by design: it sends with it); null, and the web app loads no reporting code.
    error_reports: config.errorReports.webDsn ? { dsn: config.errorReports.webDsn, environment: config.errorReports.environment } : null,
  };
  app.get("/api/config", { schema: { tags: ["system"], summary: "Public settings for clients" } }, async () => settings);
}
