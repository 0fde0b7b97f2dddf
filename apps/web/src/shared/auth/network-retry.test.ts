import { ErrorResponse, ErrorTimeout } from "oidc-client-ts";
import { describe, expect, it, vi } from "vitest";
import { isNetworkFailure, withNetworkRetry } from "./network-retry.ts";

const offline = () => new TypeError("Failed to fetch");

describe("withNetworkRetry", () => {
  it("tries a token request again after a network failure", async () => {
    const request = vi.fn().mockRejectedValueOnce(offline()).mockRejectedValueOnce(offline()).mockResolvedValue("tokens");
    await expect(withNetworkRetry(request)("code")).resolves.toBe("tokens");
    expect(request).toHaveBeenCalledTimes(3);
    expect(request).toHaveBeenLastCalledWith("code");
  });

  it("gives up after 3 tries with the network's error", async () => {
    const request = vi.fn().mockRejectedValue(offline());
    await expect(withNetworkRetry(request)()).rejects.toThrow("Failed to fetch");
    expect(request).toHaveBeenCalledTimes(3);
  });

  it("retries a request that timed out on the network", async () => {
    const request = vi.fn().mockRejectedValueOnce(new ErrorTimeout("Network timed out")).mockResolvedValue("tokens");
    await expect(withNetworkRetry(request)()).resolves.toBe("tokens");
  });

  it("never retries an answer of the provider", async () => {
    const refused = new ErrorResponse({ error: "invalid_grant", error_description: "Unknown or invalid refresh token." });
    const request = vi.fn().mockRejectedValue(refused);
    await expect(withNetworkRetry(request)()).rejects.toBe(refused);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("tells network failures from other errors", () => {
    expect(isNetworkFailure(offline())).toBe(true);
    expect(isNetworkFailure(new Error("Invalid response Content-Type"))).toBe(false);
    expect(isNetworkFailure(new ErrorTimeout("IFrame timed out without a response"))).toBe(false);
  });
});
