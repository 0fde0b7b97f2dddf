import { REPORT_RATES, scrubReport } from "@latent/domain/error-reports";
import type { BrowserOptions, replayIntegration } from "@sentry/browser";
import type { RuntimeConfig } from "../runtime-config/runtime-config.ts";

export type ErrorReportSettings = NonNullable<RuntimeConfig["error_reports"]>;

/**
 * What a replay records: no text, no typed value, no picture (masked and blocked in the page before anything is
 * kept), no request or response details, and each recorded event through the scrubber (its URLs carry share codes).
 */
export const REPLAY_PRIVACY = {
  maskAllText: true,
  maskAllInputs: true,
  blockAllMedia: true,
  networkDetailAllowUrls: [],
  beforeAddRecordingEvent: (event) => scrubReport(event),
} satisfies Parameters<typeof replayIntegration>[0];

/**
 * The browser SDK's settings from the server's (`GET /api/config`): the spec's rates (§9) and environment, and the
 * domain's scrubber on every event, transaction and breadcrumb before it leaves the page.
 */
export function browserOptions(settings: ErrorReportSettings): BrowserOptions {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    tracesSampleRate: REPORT_RATES.traces,
    replaysSessionSampleRate: REPORT_RATES.replays,
    replaysOnErrorSampleRate: REPORT_RATES.replaysOnError,
    // Transactions as whole events: GlitchTip takes them (it has no streamed spans), and beforeSendTransaction sees each.
    traceLifecycle: "static",
    dataCollection: { userInfo: false, cookies: false, httpBodies: [], urlQueryParams: false, stackFrameVariables: false },
    beforeSend: (event) => scrubReport(event),
    beforeSendTransaction: (event) => scrubReport(event),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb),
  };
}

/**
 * Every event the SDK prepares, replays' own included (they list the pages' URLs and skip `beforeSend`), passes the
 * scrubber as the client's last event processor.
 */
export const scrubEveryEvent = { name: "ScrubEveryEvent", processEvent: scrubReport } as const;
