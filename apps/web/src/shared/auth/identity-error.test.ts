import { ErrorResponse, ErrorTimeout } from "oidc-client-ts";
import { describe, expect, it } from "vitest";
import { identityErrorOf } from "./identity-error.ts";

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

  it("falls back to a request error", () => {
    expect(identityErrorOf("boom")).toEqual({ code: "request_error", description: null });
  });
});
