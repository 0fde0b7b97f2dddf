import { SHARE_MAX_MINUTES } from "@latent/domain/films";
import { describe, expect, it } from "vitest";
import { EXPIRATION_CHOICES, expirationMinutes } from "./share-expirations.ts";

describe("expirationMinutes", () => {
  it("turns 1, 7 and 30 days into minutes", () => {
    expect(expirationMinutes("day")).toBe(1440);
    expect(expirationMinutes("week")).toBe(10_080);
    expect(expirationMinutes("month")).toBe(43_200);
  });
  it("never asks for more than the API allows", () => {
    for (const choice of EXPIRATION_CHOICES) expect(expirationMinutes(choice)).toBeLessThanOrEqual(SHARE_MAX_MINUTES);
  });
});
