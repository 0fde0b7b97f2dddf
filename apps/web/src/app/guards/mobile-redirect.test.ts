import { describe, expect, it } from "vitest";
import { appStorePageFor } from "./mobile-redirect.ts";

const iphone = {
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  viewportWidth: 390,
  maxTouchPoints: 5,
};
const android = {
  userAgent: "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36",
  viewportWidth: 412,
  maxTouchPoints: 5,
};
const desktop = {
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
  viewportWidth: 1280,
  maxTouchPoints: 0,
};
const STORES = { ios: "https://apps.apple.com/app/latent/id123", android: "https://play.google.com/store/apps/details?id=latent" };
const NONE = { ios: null, android: null };

describe("the mobile redirect", () => {
  it("sends a phone to its platform's store page once one is configured", () => {
    expect(appStorePageFor(iphone, STORES)).toBe(STORES.ios);
    expect(appStorePageFor(android, STORES)).toBe(STORES.android);
  });

  it("keeps a phone in the web app while no store page is configured", () => {
    expect(appStorePageFor(iphone, NONE)).toBeNull();
    expect(appStorePageFor(android, NONE)).toBeNull();
  });

  it("keeps a phone in the web app when only the other platform's store is configured", () => {
    expect(appStorePageFor(android, { ios: STORES.ios, android: null })).toBeNull();
    expect(appStorePageFor(iphone, { ios: null, android: STORES.android })).toBeNull();
  });

  it("never redirects a desktop browser", () => {
    expect(appStorePageFor(desktop, STORES)).toBeNull();
  });
});
