import { REPORT_RATES, scrubReport } from "@latent/domain/error-reports";
import type { ErrorReports } from "./error-reports.ts";

/** A request's headers worth a report: none says who sent it. */
const HEADERS = ["user-agent", "content-type", "content-length", "accept-language", "x-request-id"];

/**
 * Reports to Sentry or GlitchTip through @sentry/node, loaded here only (app.ts imports this file when a DSN is set).
 * The SDK is asked to collect no bodies, cookies, query strings, users or local variables, and every event,
 * transaction and breadcrumb passes the domain's scrubber before it leaves (decision 0041).
 */
export async function createSentryReports(settings: { dsn: string; environment: string }): Promise<ErrorReports> {
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    tracesSampleRate: REPORT_RATES.traces,
    // Transactions as whole events: GlitchTip takes them (it has no streamed spans), and beforeSendTransaction sees each.
    traceLifecycle: "static",
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: HEADERS }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    integrations: (defaults) => [
      // Failures are reported by the one error handler (app-error-handler.ts), with the request's id. The SDK's Fastify
      // integration would send each error first, untagged (Dedupe then drops ours), and its `shouldHandleError` is
      // read by the first client of the process only: it is left out. Requests are still traced by the HTTP one.
      ...defaults.filter((integration) => integration.name !== "Fastify" && integration.name !== "OnUnhandledRejection"),
      // An unhandled rejection still ends the process, as Node does without a listener: reporting changes nothing.
      Sentry.onUnhandledRejectionIntegration({ mode: "strict" }),
    ],
    beforeSend: (event) => scrubReport(event),
    beforeSendTransaction: (event) => scrubReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  });
  return {
    capture(err, request) {
      const tags: Record<string, string> = { request_id: request.id };
      if (request.route) tags.route = `${request.method} ${request.route}`;
      Sentry.captureException(err, { tags });
    },
    async close(timeoutMs = 2_000) {
      await Sentry.close(timeoutMs);
    },
  };
}
