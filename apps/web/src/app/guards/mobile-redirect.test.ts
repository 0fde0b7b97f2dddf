import { describe, expect, it } from "vitest";
import { companionPathFor, mobileDestination } from "./mobile-redirect.ts";

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
  it("leaves a phone whose user chose the full site in the user area", () => {
    expect(mobileDestination(iphone, NONE, "/u/home", true)).toBeNull();
    expect(mobileDestination(android, STORES, "/u/films/abc", true)).toBeNull();
    expect(mobileDestination(android, STORES, "/u/films/abc", false)).toEqual({ kind: "store", url: STORES.android });
  });

  it("sends a phone to its platform's store page once one is configured", () => {
    expect(mobileDestination(iphone, STORES, "/u/home")).toEqual({ kind: "store", url: STORES.ios });
    expect(mobileDestination(android, STORES, "/u/films")).toEqual({ kind: "store", url: STORES.android });
  });

  it("sends a phone to the companion while no store page is configured", () => {
    expect(mobileDestination(iphone, NONE, "/u/home")).toEqual({ kind: "companion", path: "/m/rolls" });
    expect(mobileDestination(android, NONE, "/u/gear/cameras")).toEqual({ kind: "companion", path: "/m/rolls" });
  });

  it("sends a phone to the companion when only the other platform's store is configured", () => {
    expect(mobileDestination(android, { ios: STORES.ios, android: null }, "/u")).toEqual({ kind: "companion", path: "/m/rolls" });
    expect(mobileDestination(iphone, { ios: null, android: STORES.android }, "/u/home")).toEqual({ kind: "companion", path: "/m/rolls" });
  });

  it("opens a roll's page in the companion on the same roll", () => {
    expect(mobileDestination(iphone, NONE, "/u/films/3f2c-77")).toEqual({ kind: "companion", path: "/m/rolls/3f2c-77" });
    expect(companionPathFor("/u/films/a%20b/")).toBe("/m/rolls/a%20b");
    expect(companionPathFor("/u/films")).toBe("/m/rolls");
  });

  it("keeps the public site, shared pages, stickers, purchases, the plugins' pages and the companion reachable on phones", () => {
    for (const path of [
      "/",
      "/about",
      "/pricing",
      "/tokens",
      "/contact",
      "/film",
      "/order",
      "/sticker/AbCdEfGhIjKlMnOpQrStUv",
      "/purchase",
      "/privacy",
      "/terms-and-conditions",
      "/plugins/lrcode",
      "/plugins/lrlogout",
      "/m",
      "/m/rolls/3f2c",
      "/m/scan",
      "/u/purchase/secret-1",
      "/u/unauthorized",
      "/user",
    ])
      expect(mobileDestination(iphone, STORES, path), path).toBeNull();
  });

  it("never redirects a desktop browser", () => {
    expect(mobileDestination(desktop, STORES, "/u/home")).toBeNull();
    expect(mobileDestination(desktop, NONE, "/u/films/3f2c")).toBeNull();
  });
});
