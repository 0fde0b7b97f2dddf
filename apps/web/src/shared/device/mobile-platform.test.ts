import { describe, expect, it } from "vitest";
import { mobilePlatform } from "./mobile-platform.ts";

const desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const android = "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";

describe("mobilePlatform", () => {
  it("lets a desktop browser of ordinary width use the web app", () => {
    expect(mobilePlatform({ userAgent: desktop, viewportWidth: 1280, maxTouchPoints: 0 })).toBeNull();
  });

  it("sends iPhones to the App Store and Android phones to Google Play, whatever their width", () => {
    expect(mobilePlatform({ userAgent: iphone, viewportWidth: 1024, maxTouchPoints: 5 })).toBe("ios");
    expect(mobilePlatform({ userAgent: android, viewportWidth: 1024, maxTouchPoints: 5 })).toBe("android");
  });

  it("treats a window of 768 px or less as a mobile device", () => {
    expect(mobilePlatform({ userAgent: desktop, viewportWidth: 768, maxTouchPoints: 0 })).toBe("android");
    expect(mobilePlatform({ userAgent: desktop, viewportWidth: 769, maxTouchPoints: 0 })).toBeNull();
  });

  it("recognises an iPad that presents itself as a Mac by its touch screen", () => {
    const ipad = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15";
    expect(mobilePlatform({ userAgent: ipad, viewportWidth: 1180, maxTouchPoints: 5 })).toBe("ios");
  });
});
