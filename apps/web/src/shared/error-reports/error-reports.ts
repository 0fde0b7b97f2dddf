import type { ErrorReportSettings } from "./browser-options.ts";

let report: ((error: unknown) => void) | null = null;
const early: unknown[] = [];

/**
 * Starts error reports when the server names a DSN (`GET /api/config`); with none, nothing is loaded and nothing is
 * sent. The SDK's file loads after the first page: errors reported meanwhile wait for it.
 */
export function startErrorReports(settings: ErrorReportSettings | null): void {
  if (!settings) return;
  void import("./sentry-browser.ts").then(
    ({ startSentry }) => {
      report = startSentry(settings);
      for (const error of early.splice(0)) report(error);
    },
    (err: unknown) => console.error(err),
  );
}

/** Reports an error the app caught itself (a failed navigation); the SDK sees uncaught ones on its own. */
export function reportError(error: unknown): void {
  if (report) report(error);
  else if (early.length < 10) early.push(error);
}
