import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { isLinkControlRefusal, ShareLinkError, shareLinkClient } from "./share-link-client.ts";

const answering = (status: number, body: unknown) => (async () => Response.json(body, { status })) as unknown as typeof fetch;

describe("share link client", () => {
  it("reads a refused share code as a ShareLinkError, not as the signed-in user's ApiError", async () => {
    const api = shareLinkClient("old", { fetch: answering(401, { error: "share-expired", message: "The link has expired" }) });
    const failure = await api("/api/public/film").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ShareLinkError);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: "share-expired" });
  });

  it("keeps other failures as ApiError", async () => {
    const api = shareLinkClient("code", { fetch: answering(500, { error: "internal-error", message: "boom" }) });
    await expect(api("/api/public/film")).rejects.toBeInstanceOf(ApiError);
  });

  it("keeps a valid link's controls (password, downloads off, answers off, a guest's name) as ApiError, so the page can ask or say why", async () => {
    for (const [status, code] of [
      [401, "share-password-required"],
      [401, "share-password-wrong"],
      [403, "share-downloads-off"],
      [403, "guest-answers-off"],
      [401, "guest-name-required"],
    ] as const) {
      const api = shareLinkClient("code", { fetch: answering(status, { error: code, message: "no" }) });
      const failure = await api("/api/public/film").catch((err: unknown) => err);
      expect(failure, code).toBeInstanceOf(ApiError);
      expect(failure, code).not.toBeInstanceOf(ShareLinkError);
      expect(failure).toMatchObject({ status, code });
      // The app's "your session ended" page must not take it over: the public page asks or explains.
      expect(isLinkControlRefusal(failure), code).toBe(true);
    }
    expect(isLinkControlRefusal(new ApiError(401, "unauthorized", "Signed out"))).toBe(false);
  });
});
