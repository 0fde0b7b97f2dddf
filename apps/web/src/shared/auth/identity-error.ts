import { ErrorResponse, ErrorTimeout } from "oidc-client-ts";

/** Identity errors the app explains in its own words (spec §8); any other shows the provider's description. */
export const IDENTITY_ERROR_CODES = [
  "mfa_required",
  "missing_refresh_token",
  "login_required",
  "state_mismatch",
  "missing_transaction",
  "timeout",
  "cancelled",
  "access_denied",
  "request_error",
] as const;

export interface IdentityError {
  code: string;
  /** The provider's own words, shown when the code is not one the app knows. */
  description: string | null;
}

/** Classifies what oidc-client-ts throws into the spec's identity error codes. */
export function identityErrorOf(err: unknown): IdentityError {
  if (err instanceof ErrorResponse) return { code: err.error ?? "request_error", description: err.error_description };
  if (err instanceof ErrorTimeout) return { code: "timeout", description: null };
  const message = err instanceof Error ? err.message : "";
  if (/no matching state/i.test(message)) return { code: "state_mismatch", description: null };
  if (/no state in response/i.test(message)) return { code: "missing_transaction", description: null };
  if (/popup closed/i.test(message)) return { code: "cancelled", description: null };
  return { code: "request_error", description: message || null };
}
