import * as Sentry from "@sentry/browser";
import { browserOptions, type ErrorReportSettings, REPLAY_PRIVACY, scrubEveryEvent } from "./browser-options.ts";

/** Starts the browser SDK with traces and session replay (loaded on its own, only when the server names a DSN). */
export function startSentry(settings: ErrorReportSettings): (error: unknown) => void {
  Sentry.init({
    ...browserOptions(settings),
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration(REPLAY_PRIVACY), scrubEveryEvent],
  });
  return (error) => Sentry.captureException(error);
}
