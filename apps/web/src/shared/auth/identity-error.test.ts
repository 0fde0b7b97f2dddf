import { ErrorResponse, ErrorTimeout } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { IdTokenError } from "./id-token-error.ts";
import { identityErrorOf, MissingRefreshTokenError } from "./identity-error.ts";

describe("identityErrorOf", () => {
  it("keeps the provider's error code and description", () => {
    const err = new ErrorResponse({ error: "access_denied", error_description: "The sign-in was cancelled" });
    expect(identityErrorOf(err)).toEqual({ code: "access_denied", description: "The sign-in was cancelled" });
  });

  it("names a callback whose state is unknown a state mismatch", () => {
    expect(identityErrorOf(new Error("No matching state found in storage")).code).toBe("state_mismatch");
    expect(identityErrorOf(new Error("No state in response")).code).toBe("missing_transaction");
  });

  it("names timeouts and closed popups", () => {
    expect(identityErrorOf(new ErrorTimeout("IFrame timed out without a response")).code).toBe("timeout");
    expect(identityErrorOf(new Error("Popup closed by user")).code).toBe("cancelled");
  });

  it("names a response whose state differs from the transaction's a state mismatch ('Invalid state')", () => {
    expect(identityErrorOf(new Error("State does not match")).code).toBe("state_mismatch");
  });

  it("keeps mfa_required and login_required as the provider sent them, so their own texts are shown", () => {
    const mfa = new ErrorResponse({ error: "mfa_required", error_description: "Multifactor authentication required" });
    expect(identityErrorOf(mfa).code).toBe("mfa_required");
    expect(identityErrorOf(new ErrorResponse({ error: "login_required" })).code).toBe("login_required");
  });

  it("names a renewal without a refresh token missing_refresh_token", () => {
    expect(identityErrorOf(new MissingRefreshTokenError())).toEqual({ code: "missing_refresh_token", description: null });
  });

  it("shows the validator's reason for a refused ID token", () => {
    const err = new IdTokenError('Issuer (iss) claim mismatch in the ID token; expected "a", found "b"');
    expect(identityErrorOf(err)).toEqual({ code: "invalid_id_token", description: err.message });
  });

  it("names the popup's own timeout and the library's closing of it", () => {
    expect(identityErrorOf(new ErrorTimeout("Timeout")).code).toBe("timeout");
    expect(identityErrorOf(new Error("Popup closed by user")).code).toBe("cancelled");
  });

  it("falls back to a request error", () => {
    expect(identityErrorOf("boom")).toEqual({ code: "request_error", description: null });
  });
});
