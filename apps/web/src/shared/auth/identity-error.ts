import type { ErrorResponse } from "oidc-client-ts";
import { IdTokenError } from "./id-token-error.ts";

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

/** A renewal was needed but the session holds no refresh token (spec §8: missing_refresh_token, a local logout). */
export class MissingRefreshTokenError extends Error {
  override name = "MissingRefreshTokenError";
  constructor() {
    super("Missing refresh token");
  }
}

/**
 * oidc-client-ts's errors by the marker it gives them (`name`), not by `instanceof`: this module is on every page and
 * must not import the library, which loads only when a session needs it (auth-session.ts).
 */
const isOidcError = (err: unknown, name: "ErrorResponse" | "ErrorTimeout") => err instanceof Error && err.name === name;

/** Classifies what oidc-client-ts throws into the spec's identity error codes. */
export function identityErrorOf(err: unknown): IdentityError {
  if (isOidcError(err, "ErrorResponse")) {
    const response = err as ErrorResponse;
    return { code: response.error ?? "request_error", description: response.error_description };
  }
  if (isOidcError(err, "ErrorTimeout")) return { code: "timeout", description: null };
  // An ID token the client refused: not a code the app words itself, so the validator's reason is what is shown.
  if (err instanceof IdTokenError) return { code: "invalid_id_token", description: err.message };
  if (err instanceof MissingRefreshTokenError) return { code: "missing_refresh_token", description: null };
  const message = err instanceof Error ? err.message : "";
  if (/no matching state|state does not match/i.test(message)) return { code: "state_mismatch", description: null };
  if (/no state in response/i.test(message)) return { code: "missing_transaction", description: null };
  if (/popup closed/i.test(message)) return { code: "cancelled", description: null };
  return { code: "request_error", description: message || null };
}
