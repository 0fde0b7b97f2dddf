import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../../shared/api/api-client.ts";
import { ApiError } from "../../../shared/api/api-error.ts";
import { updateShot } from "./update-shot.ts";

const failingWith = (err: unknown): ApiClient => (() => Promise.reject(err)) as ApiClient;

describe("updating a shot", () => {
  it("reports the plan's keep limit (400) as not enough space, as spec §8 says for this call", async () => {
    const api = failingWith(new ApiError(400, "too-many-kept", "You cannot keep more than the allowed saved photos"));
    const err = await updateShot(api, "f1", { index: 1, kept: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("not-enough-space");
    expect((err as ApiError).status).toBe(400);
  });

  it("passes a 400 that names a field on as it is: an exposure past its limits is no lack of space", async () => {
    const invalid = new ApiError(400, "bad-request", "exposure.aperture: Enter an aperture between f/0.7 and f/128", {
      "exposure.aperture": "Enter an aperture between f/0.7 and f/128",
    });
    expect(await updateShot(failingWith(invalid), "f1", { index: 1, exposure: { aperture: 0.5 } }).catch((e: unknown) => e)).toBe(invalid);
  });

  it("passes other failures on as they are", async () => {
    const gone = new ApiError(404, "film-not-found", "Film not found");
    expect(await updateShot(failingWith(gone), "f1", { index: 1, kept: true }).catch((e: unknown) => e)).toBe(gone);
  });
});
