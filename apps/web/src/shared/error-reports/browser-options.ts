import { REPORT_RATES, scrubReport } from "@latent/domain/error-reports";
import type { BrowserOptions, makeFetchTransport, replayIntegration } from "@sentry/browser";
import type { RuntimeConfig } from "../runtime-config/runtime-config.ts";

export type ErrorReportSettings = NonNullable<RuntimeConfig["error_reports"]>;

/**
 * What a replay records: no text, no typed value, no picture (masked and blocked in the page before anything is
 * kept), no request or response details. Uncompressed, so that `scrubEnvelope` can read each recording before it
 * leaves: the recorder's own events (the page's address, the DOM's links) take no callback of ours.
 */
export const REPLAY_PRIVACY = {
  maskAllText: true,
  maskAllInputs: true,
  blockAllMedia: true,
  networkDetailAllowUrls: [],
  useCompression: false,
} satisfies Parameters<typeof replayIntegration>[0];

type Envelope = Parameters<ReturnType<typeof makeFetchTransport>["send"]>[0];

/**
 * The envelope as it leaves, with each replay recording scrubbed (a shared roll's address carries its code). A
 * recording that cannot be read (compressed) is not sent. Other items passed the scrubber when they were made.
 */
export function scrubEnvelope(envelope: Envelope): Envelope {
  const [headers, items] = envelope as unknown as [unknown, [{ type?: string }, unknown][]];
  const sent = items.flatMap(([itemHeaders, payload]) => {
    if (itemHeaders.type !== "replay_recording") return [[itemHeaders, payload]];
    if (typeof payload !== "string") return [];
    // `{"segment_id":n}` on the first line, then the recording's events as one JSON array.
    const split = payload.indexOf("\n") + 1;
    const recording = `${payload.slice(0, split)}${JSON.stringify(scrubReport(JSON.parse(payload.slice(split))))}`;
    return [[{ ...itemHeaders, length: new TextEncoder().encode(recording).length }, recording]];
  });
  return [headers, sent] as unknown as Envelope;
}

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
