import * as Sentry from "@sentry/browser";
import { browserOptions, type ErrorReportSettings, REPLAY_PRIVACY, scrubEnvelope, scrubEveryEvent } from "./browser-options.ts";

/** Starts the browser SDK with traces and session replay (loaded on its own, only when the server names a DSN). */
export function startSentry(settings: ErrorReportSettings): (error: unknown) => void {
  Sentry.init({
    ...browserOptions(settings),
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration(REPLAY_PRIVACY), scrubEveryEvent],
    transport: (options) => {
      const fetchTransport = Sentry.makeFetchTransport(options);
      return { ...fetchTransport, send: (envelope) => fetchTransport.send(scrubEnvelope(envelope)) };
    },
  });
  return (error) => Sentry.captureException(error);
}
