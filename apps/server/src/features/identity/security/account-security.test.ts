import { describe, expect, it } from "vitest";
import { deviceName } from "./account-security.ts";

// Real User-Agent headers of the browsers and systems a sessions list names.
const UA = {
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68",
  operaLinux: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
  firefoxAndroid: "Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  chromeOs: "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
  firefoxWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
};

describe("a session's device name", () => {
  it("names the browser, not the engines its User-Agent also lists", () => {
    expect(deviceName(UA.edgeWindows)).toBe("Edge on Windows");
    expect(deviceName(UA.operaLinux)).toBe("Opera on Linux");
    expect(deviceName(UA.chromeAndroid)).toBe("Chrome on Android");
    expect(deviceName(UA.safariMac)).toBe("Safari on macOS");
    expect(deviceName(UA.firefoxWindows)).toBe("Firefox on Windows");
  });

  it("names the phone's system, not the desktop one its User-Agent mentions", () => {
    expect(deviceName(UA.safariIphone)).toBe("Safari on iOS");
    expect(deviceName(UA.safariIpad)).toBe("Safari on iOS");
    expect(deviceName(UA.firefoxAndroid)).toBe("Firefox on Android");
    expect(deviceName(UA.chromeOs)).toBe("Chrome on ChromeOS");
  });

  it("recognises a Mac by either of the words its browsers use", () => {
    expect(deviceName("Mozilla/5.0 (Macintosh; PPC) Firefox/3.6")).toBe("Firefox on macOS");
    expect(deviceName("Adobe Lightroom/14.0 (Mac OS X 14.5) Firefox/1")).toBe("Firefox on macOS");
  });

  it("answers the browser or the system alone when only one is known", () => {
    expect(deviceName("Chrome/130.0 (compatible)")).toBe("Chrome");
    expect(deviceName("Lightroom/14.0 (Windows NT 10.0)")).toBe("Windows");
  });

  it("answers the first word of an unknown client, cut to 60 characters, and 'Unknown device' without a header", () => {
    expect(deviceName("curl/8.5.0")).toBe("curl");
    expect(deviceName("darkroom-sync 2.1")).toBe("darkroom-sync");
    expect(deviceName(`${"x".repeat(80)} 1.0`)).toBe("x".repeat(60));
    expect(deviceName(null)).toBe("Unknown device");
    expect(deviceName("")).toBe("Unknown device");
  });
});
