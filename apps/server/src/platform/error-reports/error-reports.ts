/** Where the server sends the failures it could not answer (5xx): a Sentry-compatible service, or nowhere. */
export interface ErrorReports {
  /** Reports an error that ended a request with a 5xx; the request's id lets an operator find its log lines. */
  capture(err: unknown, request: { id: string; method: string; route: string | undefined }): void;
  /** Sends what is still queued, waiting at most `timeoutMs`. */
  close(timeoutMs?: number): Promise<void>;
}

/** No DSN configured: nothing is reported, and no SDK is loaded. */
export const noErrorReports: ErrorReports = {
  capture: () => undefined,
  close: async () => undefined,
};
